# labels: name::llava_next author::huggingface task::multimodal test_group::daily
"""
LlavaNextModel (model type `llava_next`), 572M parameters.
Built from transformers.LlavaNextConfig(...) with random weights: LlavaNextModel(config).

The default config has 6.93B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks text_config: num_hidden_layers=2; vision_config: num_hidden_layers=2 (572M
parameters). Inputs: random token ids (max_seq_length tokens). The call is text-only: the model
also takes pixel_values, which need a processor's layout that no generic recipe of
probe_transformers.py builds, so the parts that read them are built but not called. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/llava_next
"""
from benchit.parser import parse
import torch
from transformers import LlavaNextConfig, LlavaNextModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = LlavaNextConfig(text_config={"num_hidden_layers": 2}, vision_config={"num_hidden_layers": 2})
model = LlavaNextModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
