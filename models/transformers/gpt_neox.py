# labels: name::gpt_neox author::huggingface task::nlp test_group::daily
"""
GPT-NeoX decoder.
Built from transformers.GPTNeoXConfig(...) with random weights: GPTNeoXModel(config).

The default config is GPT-NeoX-20B (44 layers of 6144); this script keeps its sizes but uses 2
of its 44 layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/gpt_neox
"""
from benchit.parser import parse
import torch
from transformers import GPTNeoXConfig, GPTNeoXModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = GPTNeoXConfig(num_hidden_layers=2)
model = GPTNeoXModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
