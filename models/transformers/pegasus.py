# labels: name::pegasus author::huggingface task::nlp test_group::daily
"""
PEGASUS summarization encoder-decoder.
Built from transformers.PegasusConfig() with random weights: PegasusModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/pegasus
"""
from benchit.parser import parse
import torch
from transformers import PegasusConfig, PegasusModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = PegasusConfig()
model = PegasusModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
