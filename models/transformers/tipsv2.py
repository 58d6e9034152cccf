# labels: name::tipsv2 author::huggingface task::multimodal test_group::daily
"""
Tipsv2Model (model type `tipsv2`), 196M parameters.
Built from transformers.Tipsv2Config() with random weights: Tipsv2Model(config).

Inputs: random token ids (max_seq_length tokens). The call is text-only: the model also takes
pixel_values, which need a processor's layout that no generic recipe of probe_transformers.py
builds, so the parts that read them are built but not called. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/tipsv2
"""
from benchit.parser import parse
import torch
from transformers import Tipsv2Config, Tipsv2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Tipsv2Config()
model = Tipsv2Model(config).eval()
text_config = config.get_text_config()
# the text encoder's position embeddings cap the number of tokens
max_seq_length = min(max_seq_length, text_config.max_position_embeddings)
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
