# labels: name::granite_speech author::huggingface task::audio test_group::daily
"""
GraniteSpeechModel (model type `granite_speech`), 375M parameters.
Built from transformers.GraniteSpeechConfig(...) with random weights: GraniteSpeechModel(config).

The default config has 6.99B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks encoder_config: num_hidden_layers=1, num_layers=1; projector_config:
num_hidden_layers=1; text_config: num_hidden_layers=1 (375M parameters). Inputs: random token
ids (max_seq_length tokens). The call is text-only: the model also takes input_features, which
need a processor's layout that no generic recipe of probe_transformers.py builds, so the parts
that read them are built but not called. Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/granite_speech
"""
from benchit.parser import parse
import torch
from transformers import GraniteSpeechConfig, GraniteSpeechModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = GraniteSpeechConfig(encoder_config={"num_hidden_layers": 1, "num_layers": 1}, projector_config={"num_hidden_layers": 1}, text_config={"num_hidden_layers": 1})
model = GraniteSpeechModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
