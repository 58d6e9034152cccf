# labels: name::vision_text_dual_encoder author::huggingface task::multimodal test_group::daily
"""
VisionTextDualEncoderModel (model type `vision-text-dual-encoder`), 197M parameters.
Built from transformers.VisionTextDualEncoderConfig() with random weights: VisionTextDualEncoderModel(config).

Inputs: one random 224 x 224 image per sample and a text of max_seq_length random tokens.
Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/vision-text-dual-encoder
"""
from benchit.parser import parse
import torch
from transformers import VisionTextDualEncoderConfig, VisionTextDualEncoderModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = VisionTextDualEncoderConfig()
model = VisionTextDualEncoderModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "pixel_values": torch.rand(batch_size, 3, 224, 224),
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
