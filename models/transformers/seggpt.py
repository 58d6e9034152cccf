# labels: name::seggpt author::huggingface task::computer_vision test_group::daily
"""
SegGPT in-context segmentation (ViT-L, prompt image + mask pairs at 448 x 448).
Built from transformers.SegGptConfig() with random weights: SegGptModel(config).

SegGPT is built for 448 x 448 images, so height and width are not used.
Source: https://huggingface.co/docs/transformers/model_doc/seggpt
"""
from benchit.parser import parse
import torch
from transformers import SegGptConfig, SegGptModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = SegGptConfig()
model = SegGptModel(config).eval()
size = config.image_size  # [896, 448]: prompt stacked above the input
inputs = {
    "pixel_values": torch.rand(batch_size, 3, size[0] // 2, size[1]),
    "prompt_pixel_values": torch.rand(batch_size, 3, size[0] // 2, size[1]),
    "prompt_masks": torch.rand(batch_size, 3, size[0] // 2, size[1]),
}

with torch.no_grad():
    model(**inputs)
