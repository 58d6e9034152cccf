# labels: name::mask2former author::huggingface task::computer_vision test_group::daily
# skipped: MaskFormer models build their loss (a Hungarian matcher) at construction, which needs
# scipy; scipy is not a dependency of benchit's corpora.
"""
Mask2Former universal segmentation (Swin-T backbone).
Built from transformers.Mask2FormerConfig() with random weights: Mask2FormerForUniversalSegmentation(config).
Source: https://huggingface.co/docs/transformers/model_doc/mask2former
"""
from benchit.parser import parse
import torch
from transformers import Mask2FormerConfig, Mask2FormerForUniversalSegmentation

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = Mask2FormerConfig()
model = Mask2FormerForUniversalSegmentation(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
