# labels: name::mistral3 author::huggingface task::multimodal test_group::daily
"""
Mistral3Model (model type `mistral3`), 392M parameters.
Built from transformers.Mistral3Config(...) with random weights: Mistral3Model(config).

The default config has 23.34B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks text_config: num_hidden_layers=1; vision_config: num_hidden_layers=1 (392M
parameters). Inputs: random token ids (max_seq_length tokens). The call is text-only: the model
also takes pixel_values, which need a processor's layout that no generic recipe of
probe_transformers.py builds, so the parts that read them are built but not called. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/mistral3
"""
from benchit.parser import parse
import torch
from transformers import Mistral3Config, Mistral3Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Mistral3Config(text_config={"num_hidden_layers": 1}, vision_config={"num_hidden_layers": 1})
model = Mistral3Model(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
