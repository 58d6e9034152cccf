# labels: name::maskformer author::huggingface task::computer_vision test_group::daily
# skipped: MaskFormer models build their loss (a Hungarian matcher) at construction, which needs
# scipy; scipy is not a dependency of benchit's corpora.
"""
MaskFormer segmentation (Swin-B backbone).
Built from transformers.MaskFormerConfig() with random weights: MaskFormerForInstanceSegmentation(config).
Source: https://huggingface.co/docs/transformers/model_doc/maskformer
"""
from benchit.parser import parse
import torch
from transformers import MaskFormerConfig, MaskFormerForInstanceSegmentation

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = MaskFormerConfig()
model = MaskFormerForInstanceSegmentation(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
