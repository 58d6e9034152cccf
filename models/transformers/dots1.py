# labels: name::dots1 author::huggingface task::nlp test_group::daily
"""
dots.llm1 mixture-of-experts decoder (shared + routed experts).
Built from transformers.Dots1Config(...) with random weights: Dots1Model(config).

Dots1Config() leaves the expert counts unset (None), which the model cannot build; this script
uses one mixture-of-experts layer of dots.llm1 (62 layers of 4608, 128 routed experts of which 6
a token, 2 shared) with 8 of its 128 routed experts so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/dots1
"""
from benchit.parser import parse
import torch
from transformers import Dots1Config, Dots1Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Dots1Config(num_hidden_layers=1, n_routed_experts=8, n_shared_experts=2, num_experts_per_tok=6)
model = Dots1Model(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
