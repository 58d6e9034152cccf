# labels: name::pocket_tts author::huggingface task::nlp test_group::daily
"""
PocketTTSModel (model type `pocket_tts`), 80M parameters.
Built from transformers.PocketTTSConfig() with random weights: PocketTTSModel(config).

Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/pocket_tts
"""
from benchit.parser import parse
import torch
from transformers import PocketTTSConfig, PocketTTSModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = PocketTTSConfig()
model = PocketTTSModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
