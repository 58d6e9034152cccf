# labels: name::yolos author::huggingface task::computer_vision test_group::daily
"""
YOLOS (ViT) object detector.
Built from transformers.YolosConfig(...) with random weights: YolosForObjectDetection(config).

The default config expects 512 x 864 images; position embeddings are interpolated to the input
size.
Source: https://huggingface.co/docs/transformers/model_doc/yolos
"""
from benchit.parser import parse
import torch
from transformers import YolosConfig, YolosForObjectDetection

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = YolosConfig(num_channels=num_channels)
model = YolosForObjectDetection(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
