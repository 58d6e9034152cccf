# labels: name::switch_transformers author::huggingface task::nlp test_group::daily
"""
Switch Transformer (switch-base-8: T5 with 8 top-1 experts).
Built from transformers.SwitchTransformersConfig() with random weights: SwitchTransformersModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/switch_transformers
"""
from benchit.parser import parse
import torch
from transformers import SwitchTransformersConfig, SwitchTransformersModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = SwitchTransformersConfig()
model = SwitchTransformersModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
