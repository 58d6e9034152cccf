# labels: name::glm5_next author::huggingface task::multimodal test_group::daily
"""
Glm5NextModel (model type `glm5_next`), 998M parameters.
Built from transformers.Glm5NextConfig(...) with random weights: Glm5NextModel(config).

The default config has 313.15B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks text_config: n_routed_experts=8, num_hidden_layers=1, num_local_experts=8;
vision_config: depth=1, num_hidden_layers=1 (998M parameters). Inputs: random token ids
(max_seq_length tokens). The call is text-only: the model also takes pixel_values,
pixel_values_videos, which need a processor's layout that no generic recipe of
probe_transformers.py builds, so the parts that read them are built but not called. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/glm5_next
"""
from benchit.parser import parse
import torch
from transformers import Glm5NextConfig, Glm5NextModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Glm5NextConfig(text_config={"n_routed_experts": 8, "num_hidden_layers": 1, "num_local_experts": 8}, vision_config={"depth": 1, "num_hidden_layers": 1})
model = Glm5NextModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
