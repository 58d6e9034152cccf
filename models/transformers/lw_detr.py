# labels: name::lw_detr author::huggingface task::computer_vision test_group::daily
"""
LW-DETR real-time detector (windowed ViT backbone), 640 x 640.
Built from transformers.LwDetrConfig(...) with random weights: LwDetrModel(config).

LwDetrConfig() leaves projector_scale_factors empty, which builds no feature level; this script
uses the single P4 level ([1.0]) of LW-DETR tiny and small. The backbone's windows need a side
divisible by 64, so it runs at LW-DETR's 640 x 640 and height and width are not used.
Source: https://huggingface.co/docs/transformers/model_doc/lw_detr
"""
from benchit.parser import parse
import torch
from transformers import LwDetrConfig, LwDetrModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = LwDetrConfig(projector_scale_factors=[1.0])
model = LwDetrModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 640, 640)}

with torch.no_grad():
    model(**inputs)
