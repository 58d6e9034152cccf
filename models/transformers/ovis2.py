# labels: name::ovis2 author::huggingface task::multimodal test_group::daily
"""
Ovis2Model (model type `ovis2`), 1016M parameters.
Built from transformers.Ovis2Config(...) with random weights: Ovis2Model(config).

The default config has 11.78B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks text_config: num_hidden_layers=1; vision_config: num_hidden_layers=1 (1016M
parameters). Inputs: random token ids (max_seq_length tokens). The call is text-only: the model
also takes pixel_values, which need a processor's layout that no generic recipe of
probe_transformers.py builds, so the parts that read them are built but not called. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/ovis2
"""
from benchit.parser import parse
import torch
from transformers import Ovis2Config, Ovis2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Ovis2Config(text_config={"num_hidden_layers": 1}, vision_config={"num_hidden_layers": 1})
model = Ovis2Model(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
