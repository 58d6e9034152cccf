# labels: name::markuplm author::huggingface task::nlp test_group::daily
"""
MarkupLMModel (model type `markuplm`), 120M parameters.
Built from transformers.MarkupLMConfig() with random weights: MarkupLMModel(config).

Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/markuplm
"""
from benchit.parser import parse
import torch
from transformers import MarkupLMConfig, MarkupLMModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MarkupLMConfig()
model = MarkupLMModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
