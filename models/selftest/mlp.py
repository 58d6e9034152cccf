# labels: name::mlp author::selftest task::classification test_group::selftest
"""
A three-layer perceptron with nested submodules: benchit reports only the outer model.
Source: written for benchit's self test.
"""
import torch

from benchit.parser import parse

torch.manual_seed(0)
batch_size, num_layers = parse(["batch_size", "num_layers"])


class MLP(torch.nn.Module):
    def __init__(self, width: int = 256, depth: int = 3, classes: int = 10):
        super().__init__()
        layers = []
        for _ in range(depth):
            layers += [torch.nn.Linear(width, width), torch.nn.ReLU()]
        self.body = torch.nn.Sequential(*layers)
        self.head = torch.nn.Linear(width, classes)

    def forward(self, x):
        return self.head(self.body(x))


model = MLP(depth=min(num_layers, 3)).eval()
x = torch.randn(batch_size, 256)
with torch.no_grad():
    model(x)
