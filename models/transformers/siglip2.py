# labels: name::siglip2 author::huggingface task::multimodal test_group::daily
"""
SigLIP 2 (NaFlex: images as variable-size patch sequences) base/16.
Built from transformers.Siglip2Config() with random weights: Siglip2Model(config).

The processor cuts an image into a sequence of flattened patches; these are random, one 16 x 16
grid per image. The text encoder's 64 positions cap max_seq_length.
Source: https://huggingface.co/docs/transformers/model_doc/siglip2
"""
from benchit.parser import parse
import torch
from transformers import Siglip2Config, Siglip2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Siglip2Config()
model = Siglip2Model(config).eval()
vision = config.vision_config
side = int(vision.num_patches**0.5)  # a 256 x 256 image: 16 x 16 patches of 16 x 16 pixels
max_seq_length = min(max_seq_length, config.text_config.max_position_embeddings)
inputs = {
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
    "pixel_values": torch.rand(batch_size, side * side, vision.num_channels * vision.patch_size**2),
    "pixel_attention_mask": torch.ones(batch_size, side * side, dtype=torch.long),
    "spatial_shapes": torch.tensor([[side, side]] * batch_size),
}

with torch.no_grad():
    model(**inputs)
