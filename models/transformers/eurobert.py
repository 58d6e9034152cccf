# labels: name::eurobert author::huggingface task::nlp test_group::daily
"""
EuroBERT multilingual encoder (Llama-style).
Built from transformers.EuroBertConfig(...) with random weights: EuroBertModel(config).

The default config is EuroBERT 210m-sized; this script keeps its sizes but uses 4 layers so it
runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/eurobert
"""
from benchit.parser import parse
import torch
from transformers import EuroBertConfig, EuroBertModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = EuroBertConfig(num_hidden_layers=4)
model = EuroBertModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
