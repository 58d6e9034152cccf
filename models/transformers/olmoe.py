# labels: name::olmoe author::huggingface task::nlp test_group::daily
"""
OLMoE mixture-of-experts decoder.
Built from transformers.OlmoeConfig(...) with random weights: OlmoeModel(config).

The default config is OLMoE-1B-7B-sized (16 layers, 64 experts); this script keeps its sizes but
uses 1 of its 16 layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/olmoe
"""
from benchit.parser import parse
import torch
from transformers import OlmoeConfig, OlmoeModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = OlmoeConfig(num_hidden_layers=1)
model = OlmoeModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
