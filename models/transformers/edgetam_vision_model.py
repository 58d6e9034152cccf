# labels: name::edgetam_vision_model author::huggingface task::computer_vision test_group::daily
"""
EdgeTAM's image encoder (RepViT-M1 and an FPN neck) at 1024 x 1024.
Built from transformers.EdgeTamVisionConfig(...) with random weights: EdgeTamVisionModel(config).

EdgeTamVisionConfig() spells its backbone's 'architecture' key 'archirecture', so its timm
backbone falls back to a ResNet-50 whose channels the neck does not take; this script names the
RepViT-M1 backbone again (random weights). It is built for 1024 x 1024 inputs, so height and
width are not used.
Source: https://huggingface.co/docs/transformers/model_doc/edgetam
"""
from benchit.parser import parse
import torch
from transformers import EdgeTamVisionConfig, EdgeTamVisionModel, TimmWrapperConfig

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = EdgeTamVisionConfig(backbone_config=TimmWrapperConfig(architecture="repvit_m1", model_args={"in_chans": 3, "features_only": True, "out_indices": [0, 1, 2, 3]}))
model = EdgeTamVisionModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 1024, 1024)}

with torch.no_grad():
    model(**inputs)
