# labels: name::ernie4_5_vl_moe author::huggingface task::multimodal test_group::daily
"""
Ernie4_5_VLMoeModel (model type `ernie4_5_vl_moe`), 540M parameters.
Built from transformers.Ernie4_5_VLMoeConfig(...) with random weights: Ernie4_5_VLMoeModel(config).

The default config has 29.40B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks text_config: moe_num_experts=8, num_experts=8, num_hidden_layers=1;
vision_config: depth=1, num_hidden_layers=1 (540M parameters). Inputs: random token ids
(max_seq_length tokens). The call is text-only: the model also takes pixel_values,
pixel_values_videos, which need a processor's layout that no generic recipe of
probe_transformers.py builds, so the parts that read them are built but not called. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/ernie4_5_vl_moe
"""
from benchit.parser import parse
import torch
from transformers import Ernie4_5_VLMoeConfig, Ernie4_5_VLMoeModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Ernie4_5_VLMoeConfig(text_config={"moe_num_experts": 8, "num_experts": 8, "num_hidden_layers": 1}, vision_config={"depth": 1, "num_hidden_layers": 1})
model = Ernie4_5_VLMoeModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
