# labels: name::llava_next_video author::huggingface task::multimodal test_group::daily
"""
LlavaNextVideoModel (model type `llava_next_video`), 572M parameters.
Built from transformers.LlavaNextVideoConfig(...) with random weights: LlavaNextVideoModel(config).

The default config has 6.93B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks text_config: num_hidden_layers=2; vision_config: num_hidden_layers=2 (572M
parameters). Inputs: random token ids (max_seq_length tokens). The call is text-only: the model
also takes pixel_values, pixel_values_videos, which need a processor's layout that no generic
recipe of probe_transformers.py builds, so the parts that read them are built but not called.
Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/llava_next_video
"""
from benchit.parser import parse
import torch
from transformers import LlavaNextVideoConfig, LlavaNextVideoModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = LlavaNextVideoConfig(text_config={"num_hidden_layers": 2}, vision_config={"num_hidden_layers": 2})
model = LlavaNextVideoModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
