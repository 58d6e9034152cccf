# labels: name::led author::huggingface task::nlp test_group::daily
"""
Longformer Encoder-Decoder (LED).
Built from transformers.LEDConfig() with random weights: LEDModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/led
"""
from benchit.parser import parse
import torch
from transformers import LEDConfig, LEDModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = LEDConfig()
model = LEDModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
