# labels: name::gptj author::huggingface task::nlp test_group::daily
"""
GPT-J decoder.
Built from transformers.GPTJConfig(...) with random weights: GPTJModel(config).

The default config is GPT-J-6B (28 layers of 4096); this script keeps its sizes but uses 4 of
its 28 layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/gptj
"""
from benchit.parser import parse
import torch
from transformers import GPTJConfig, GPTJModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = GPTJConfig(n_layer=4)
model = GPTJModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
