# labels: name::zamba author::huggingface task::nlp test_group::daily
"""
Zamba hybrid decoder (Mamba layers and one shared attention block; reference PyTorch scan).
Built from transformers.ZambaConfig(...) with random weights: ZambaModel(config).

The default config is Zamba-7B (76 layers of 3712); this script keeps its sizes but uses 2 of
its 76 layers, both hybrid ones (a Mamba layer after the shared attention block, whose tied
weights need two of them) so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/zamba
"""
from benchit.parser import parse
import torch
from transformers import ZambaConfig, ZambaModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = ZambaConfig(num_hidden_layers=2, layer_types=["hybrid", "hybrid"])
model = ZambaModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
