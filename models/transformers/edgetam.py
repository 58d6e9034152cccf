# labels: name::edgetam author::huggingface task::computer_vision test_group::daily
"""
EdgeTAM (SAM 2 with a RepViT-M1 image encoder at 1024 x 1024, one point prompt per image).
Built from transformers.EdgeTamConfig(...) with random weights: EdgeTamModel(config).

EdgeTamConfig() spells its backbone's 'architecture' key 'archirecture', so its timm backbone
falls back to a ResNet-50 whose channels the neck does not take; this script names the RepViT-M1
backbone again (random weights). EdgeTAM's image encoder is built for 1024 x 1024 inputs, so
height and width are not used.
Source: https://huggingface.co/docs/transformers/model_doc/edgetam
"""
from benchit.parser import parse
import torch
from transformers import EdgeTamConfig, EdgeTamModel, TimmWrapperConfig

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = EdgeTamConfig(vision_config={"backbone_config": TimmWrapperConfig(architecture="repvit_m1", model_args={"in_chans": 3, "features_only": True, "out_indices": [0, 1, 2, 3]})})
model = EdgeTamModel(config).eval()
inputs = {
    "pixel_values": torch.rand(batch_size, 3, 1024, 1024),
    "input_points": torch.randint(0, 1024, (batch_size, 1, 1, 2)).float(),  # (batch, prompts, points, xy)
    "input_labels": torch.ones(batch_size, 1, 1, dtype=torch.long),  # a foreground point
}

with torch.no_grad():
    model(**inputs)
