# labels: name::deepseek_v4 author::huggingface task::nlp test_group::daily
"""
DeepseekV4Model (model type `deepseek_v4`), 868M parameters.
Built from transformers.DeepseekV4Config(...) with random weights: DeepseekV4Model(config).

The default config has 283.80B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks n_routed_experts=8; num_hidden_layers=1; num_local_experts=8 (868M
parameters). Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/deepseek_v4
"""
from benchit.parser import parse
import torch
from transformers import DeepseekV4Config, DeepseekV4Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = DeepseekV4Config(n_routed_experts=8, num_hidden_layers=1, num_local_experts=8)
model = DeepseekV4Model(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
