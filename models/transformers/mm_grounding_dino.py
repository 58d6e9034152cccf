# labels: name::mm_grounding_dino author::huggingface task::multimodal test_group::daily
"""
MMGroundingDinoModel (model type `mm-grounding-dino`), 172M parameters.
Built from transformers.MMGroundingDinoConfig() with random weights: MMGroundingDinoModel(config).

Inputs: one random 224 x 224 image per sample and a text of max_seq_length random tokens.
Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/mm-grounding-dino
"""
from benchit.parser import parse
import torch
from transformers import MMGroundingDinoConfig, MMGroundingDinoModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MMGroundingDinoConfig()
model = MMGroundingDinoModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "pixel_values": torch.rand(batch_size, 3, 224, 224),
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
