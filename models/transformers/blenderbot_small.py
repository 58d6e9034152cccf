# labels: name::blenderbot_small author::huggingface task::nlp test_group::daily
"""
Blenderbot-90M encoder-decoder.
Built from transformers.BlenderbotSmallConfig() with random weights: BlenderbotSmallModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/blenderbot-small
"""
from benchit.parser import parse
import torch
from transformers import BlenderbotSmallConfig, BlenderbotSmallModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = BlenderbotSmallConfig()
model = BlenderbotSmallModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
