# labels: name::grounding_dino author::huggingface task::multimodal test_group::daily
"""
GroundingDinoModel (model type `grounding-dino`), 172M parameters.
Built from transformers.GroundingDinoConfig() with random weights: GroundingDinoModel(config).

Inputs: one random 224 x 224 image per sample and a text of max_seq_length random tokens.
Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/grounding-dino
"""
from benchit.parser import parse
import torch
from transformers import GroundingDinoConfig, GroundingDinoModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = GroundingDinoConfig()
model = GroundingDinoModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "pixel_values": torch.rand(batch_size, 3, 224, 224),
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
