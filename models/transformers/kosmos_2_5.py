# labels: name::kosmos_2_5 author::huggingface task::nlp test_group::daily
"""
Kosmos2_5Model (model type `kosmos-2.5`), 307M parameters.
Built from transformers.Kosmos2_5Config(...) with random weights: Kosmos2_5Model(config).

The default config has 1.37B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks text_config: num_hidden_layers=2; vision_config: num_hidden_layers=2 (307M
parameters). Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/kosmos-2.5
"""
from benchit.parser import parse
import torch
from transformers import Kosmos2_5Config, Kosmos2_5Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Kosmos2_5Config(text_config={"num_hidden_layers": 2}, vision_config={"num_hidden_layers": 2})
model = Kosmos2_5Model(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
