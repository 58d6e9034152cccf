# labels: name::uvdoc author::huggingface task::computer_vision test_group::daily
"""
UVDoc document unwarping (ResNet with dilated bridges, predicts a 2D rectification grid), one 712 x 488 page.
Built from transformers.UVDocConfig(...) with random weights: UVDocModel(config).

The default config's backbone returns only its last feature map, but the head reads the six
bridges' maps concatenated (6 x 128 channels), as the released checkpoint's backbone returns
them; this script asks for all six.
Source: https://huggingface.co/docs/transformers/model_doc/uvdoc
"""
from benchit.parser import parse
import torch
from transformers import UVDocConfig, UVDocModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = UVDocConfig(backbone_config={"model_type": "uvdoc_backbone", "out_features": ["stage1", "stage2", "stage3", "stage4", "stage5", "stage6"]})
model = UVDocModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 712, 488)}  # the image processor's size

with torch.no_grad():
    model(**inputs)
