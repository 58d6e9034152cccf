# labels: name::reformer author::huggingface task::nlp test_group::daily
"""
Reformer (LSH + local attention, reversible layers).
Built from transformers.ReformerConfig(...) with random weights: ReformerModel(config).

Axial position embeddings are switched off so any sequence length that is a multiple of the
64-token chunks works.
Source: https://huggingface.co/docs/transformers/model_doc/reformer
"""
from benchit.parser import parse
import torch
from transformers import ReformerConfig, ReformerModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = ReformerConfig(axial_pos_embds=False)
model = ReformerModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
