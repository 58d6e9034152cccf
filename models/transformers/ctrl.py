# labels: name::ctrl author::huggingface task::nlp test_group::daily
"""
CTRL conditional-transformer decoder.
Built from transformers.CTRLConfig(...) with random weights: CTRLModel(config).

The default config is CTRL 1.6B (48 layers of 1280); this script keeps its sizes but uses 6 of
its 48 layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/ctrl
"""
from benchit.parser import parse
import torch
from transformers import CTRLConfig, CTRLModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = CTRLConfig(n_layer=6)
model = CTRLModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
