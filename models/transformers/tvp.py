# labels: name::tvp author::huggingface task::video test_group::daily
"""
TVP text-visual prompting for video grounding (ResNet frames with a learned prompt), 8 frames.
Built from transformers.TvpConfig(...) with random weights: TvpModel(config).

The default config samples 48 frames, each a 448 x 448 ResNet-50 pass (two minutes on a CPU);
this script samples 8.
Source: https://huggingface.co/docs/transformers/model_doc/tvp
"""
from benchit.parser import parse
import torch
from transformers import TvpConfig, TvpModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = TvpConfig(num_frames=8)
model = TvpModel(config).eval()
size = config.max_img_size  # the visual prompt is learned for 448 x 448 frames
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "pixel_values": torch.rand(batch_size, config.num_frames, 3, size, size),
}

with torch.no_grad():
    model(**inputs)
