# labels: name::qwen3_vl_moe author::huggingface task::multimodal test_group::daily
"""
Qwen3VLMoeModel (model type `qwen3_vl_moe`), 568M parameters.
Built from transformers.Qwen3VLMoeConfig(...) with random weights: Qwen3VLMoeModel(config).

The default config has 13.74B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks text_config: num_experts=8, num_hidden_layers=1, num_local_experts=8;
vision_config: depth=1, num_hidden_layers=1 (568M parameters). Inputs: random token ids
(max_seq_length tokens). The call is text-only: the model also takes pixel_values,
pixel_values_videos, which need a processor's layout that no generic recipe of
probe_transformers.py builds, so the parts that read them are built but not called. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/qwen3_vl_moe
"""
from benchit.parser import parse
import torch
from transformers import Qwen3VLMoeConfig, Qwen3VLMoeModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Qwen3VLMoeConfig(text_config={"num_experts": 8, "num_hidden_layers": 1, "num_local_experts": 8}, vision_config={"depth": 1, "num_hidden_layers": 1})
model = Qwen3VLMoeModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
