# labels: name::olmo_hybrid author::huggingface task::nlp test_group::daily
"""
OLMo Hybrid decoder (Gated DeltaNet and attention layers, reference PyTorch kernels).
Built from transformers.OlmoHybridConfig(...) with random weights: OlmoHybridModel(config).

The default config is OLMo Hybrid 7B (32 layers of 3840); this script keeps its sizes but uses 4
of its 32 layers (three Gated DeltaNet layers and an attention layer) so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/olmo_hybrid
"""
from benchit.parser import parse
import torch
from transformers import OlmoHybridConfig, OlmoHybridModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = OlmoHybridConfig(num_hidden_layers=4)
model = OlmoHybridModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
