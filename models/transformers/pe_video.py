# labels: name::pe_video author::huggingface task::video test_group::daily
"""
Perception Encoder video-text model (PE-Core-L/14 frames at 336 x 336, 4 frames).
Built from transformers.PeVideoConfig() with random weights: PeVideoModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/pe_video
"""
from benchit.parser import parse
import torch
from transformers import PeVideoConfig, PeVideoModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = PeVideoConfig()
model = PeVideoModel(config).eval()
frames = 4  # each frame is a 336 x 336 ViT-L pass: 4 keep the CPU time under a minute
size = 336  # vit_pe_core_large_patch14_336, the timm architecture of the frame encoder
inputs = {
    "pixel_values_videos": torch.rand(batch_size, frames, 3, size, size),
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
