# labels: name::defect_detector author::acme task::vision
"""
The defect detector: a small convolutional classifier on grey camera images.
Source: ACME (an example of a company's own script).
"""
import torch

from benchit.parser import parse

torch.manual_seed(0)
batch_size, height, width = parse(["batch_size", "height", "width"])

model = torch.nn.Sequential(
    torch.nn.Conv2d(1, 8, 3, stride=2), torch.nn.ReLU(),
    torch.nn.Conv2d(8, 16, 3, stride=2), torch.nn.ReLU(),
    torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(16, 2),
).eval()
model(torch.randn(batch_size, 1, height, width))
