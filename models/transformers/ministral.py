# labels: name::ministral author::huggingface task::nlp test_group::daily
"""
Ministral decoder (sliding-window attention).
Built from transformers.MinistralConfig(...) with random weights: MinistralModel(config).

The default config is Ministral-8B-sized (32 layers of 4096); this script keeps its sizes but
uses 2 of its 32 layers so it runs on a CPU. MinistralConfig() leaves head_dim unset (None),
which the attention cannot use; it is set to hidden_size / num_attention_heads = 128, as in the
released checkpoints.
Source: https://huggingface.co/docs/transformers/model_doc/ministral
"""
from benchit.parser import parse
import torch
from transformers import MinistralConfig, MinistralModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MinistralConfig(num_hidden_layers=2, head_dim=128)
model = MinistralModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
