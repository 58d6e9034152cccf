# labels: name::glm4_moe_lite author::huggingface task::nlp test_group::daily
"""
Glm4MoeLiteModel (model type `glm4_moe_lite`), 509M parameters.
Built from transformers.Glm4MoeLiteConfig(...) with random weights: Glm4MoeLiteModel(config).

The default config has 29.63B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks n_routed_experts=8; num_hidden_layers=2; num_local_experts=8 (509M
parameters). Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/glm4_moe_lite
"""
from benchit.parser import parse
import torch
from transformers import Glm4MoeLiteConfig, Glm4MoeLiteModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Glm4MoeLiteConfig(n_routed_experts=8, num_hidden_layers=2, num_local_experts=8)
model = Glm4MoeLiteModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
