# labels: name::data2vec_text author::huggingface task::nlp test_group::daily
"""
data2vec text encoder.
Built from transformers.Data2VecTextConfig() with random weights: Data2VecTextModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/data2vec
"""
from benchit.parser import parse
import torch
from transformers import Data2VecTextConfig, Data2VecTextModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Data2VecTextConfig()
model = Data2VecTextModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
