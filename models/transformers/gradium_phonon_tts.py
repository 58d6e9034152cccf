# labels: name::gradium_phonon_tts author::huggingface task::nlp test_group::daily
"""
GradiumPhononTTSModel (model type `gradium_phonon_tts`), 46M parameters.
Built from transformers.GradiumPhononTTSConfig() with random weights: GradiumPhononTTSModel(config).

Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/gradium_phonon_tts
"""
from benchit.parser import parse
import torch
from transformers import GradiumPhononTTSConfig, GradiumPhononTTSModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = GradiumPhononTTSConfig()
model = GradiumPhononTTSModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
