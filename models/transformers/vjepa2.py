# labels: name::vjepa2 author::huggingface task::video test_group::daily
"""
V-JEPA 2 self-supervised video encoder and predictor (ViT-L at 256 x 256), 16 frames.
Built from transformers.VJEPA2Config() with random weights: VJEPA2Model(config).

The model runs at the config's crop size (256 x 256), so height and width are not used.
Source: https://huggingface.co/docs/transformers/model_doc/vjepa2
"""
from benchit.parser import parse
import torch
from transformers import VJEPA2Config, VJEPA2Model

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = VJEPA2Config()
model = VJEPA2Model(config).eval()
frames = 16  # the config's clips are 64 frames (32 tubelets: 8192 tokens); 16 keep the CPU time to seconds
size = config.crop_size
inputs = {"pixel_values_videos": torch.rand(batch_size, frames, 3, size, size)}

with torch.no_grad():
    model(**inputs)
