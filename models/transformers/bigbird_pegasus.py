# labels: name::bigbird_pegasus author::huggingface task::nlp test_group::daily
"""
BigBird-Pegasus encoder-decoder (full attention for short inputs).
Built from transformers.BigBirdPegasusConfig(...) with random weights: BigBirdPegasusModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/bigbird_pegasus
"""
from benchit.parser import parse
import torch
from transformers import BigBirdPegasusConfig, BigBirdPegasusModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = BigBirdPegasusConfig(attention_type="original_full")
model = BigBirdPegasusModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
