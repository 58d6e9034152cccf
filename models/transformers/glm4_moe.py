# labels: name::glm4_moe author::huggingface task::nlp test_group::daily
"""
Glm4MoeModel (model type `glm4_moe`), 791M parameters.
Built from transformers.Glm4MoeConfig(...) with random weights: Glm4MoeModel(config).

The default config has 102.86B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks n_routed_experts=8; num_hidden_layers=1; num_local_experts=8 (791M
parameters). Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/glm4_moe
"""
from benchit.parser import parse
import torch
from transformers import Glm4MoeConfig, Glm4MoeModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Glm4MoeConfig(n_routed_experts=8, num_hidden_layers=1, num_local_experts=8)
model = Glm4MoeModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
