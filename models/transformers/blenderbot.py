# labels: name::blenderbot author::huggingface task::nlp test_group::daily
"""
Blenderbot encoder-decoder.
Built from transformers.BlenderbotConfig(...) with random weights: BlenderbotModel(config).

The default config is Blenderbot-3B (2 encoder + 24 decoder layers of 2560); this script keeps
its sizes but uses 4 of its 24 decoder layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/blenderbot
"""
from benchit.parser import parse
import torch
from transformers import BlenderbotConfig, BlenderbotModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = BlenderbotConfig(decoder_layers=4)
model = BlenderbotModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
