# labels: name::rwkv author::huggingface task::nlp test_group::daily
"""
RWKV-4 recurrent decoder.
Built from transformers.RwkvConfig(...) with random weights: RwkvModel(config).

The default config is RWKV-4 7B-sized (32 layers of 4096); this script keeps its sizes but uses
4 of its 32 layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/rwkv
"""
from benchit.parser import parse
import torch
from transformers import RwkvConfig, RwkvModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = RwkvConfig(num_hidden_layers=4)
model = RwkvModel(config).eval()
inputs = {"input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length))}

with torch.no_grad():
    model(**inputs)
