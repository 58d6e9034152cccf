# labels: name::lfm3_vl author::huggingface task::multimodal test_group::daily
"""
Lfm3VlModel (model type `lfm3_vl`), 441M parameters.
Built from transformers.Lfm3VlConfig(...) with random weights: Lfm3VlModel(config).

The default config has 1.92B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks text_config: num_hidden_layers=2; vision_config: num_hidden_layers=2 (441M
parameters). Inputs: random token ids (max_seq_length tokens). The call is text-only: the model
also takes pixel_values, pixel_values_videos, which need a processor's layout that no generic
recipe of probe_transformers.py builds, so the parts that read them are built but not called.
Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/lfm3_vl
"""
from benchit.parser import parse
import torch
from transformers import Lfm3VlConfig, Lfm3VlModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Lfm3VlConfig(text_config={"num_hidden_layers": 2}, vision_config={"num_hidden_layers": 2})
model = Lfm3VlModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
