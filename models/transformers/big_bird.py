# labels: name::big_bird author::huggingface task::nlp test_group::daily
"""
BigBird encoder with full attention (block-sparse attention needs sequences longer than 704 tokens).
Built from transformers.BigBirdConfig(...) with random weights: BigBirdModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/big_bird
"""
from benchit.parser import parse
import torch
from transformers import BigBirdConfig, BigBirdModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = BigBirdConfig(attention_type="original_full")
model = BigBirdModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
