# labels: name::pegasus_x author::huggingface task::nlp test_group::daily
"""
PEGASUS-X (block-local + global attention encoder).
Built from transformers.PegasusXConfig() with random weights: PegasusXModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/pegasus_x
"""
from benchit.parser import parse
import torch
from transformers import PegasusXConfig, PegasusXModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = PegasusXConfig()
model = PegasusXModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
