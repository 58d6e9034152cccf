# labels: name::bert_generation author::huggingface task::nlp test_group::daily
"""
BertGeneration encoder (large-sized default config).
Built from transformers.BertGenerationConfig() with random weights: BertGenerationEncoder(config).
Source: https://huggingface.co/docs/transformers/model_doc/bert-generation
"""
from benchit.parser import parse
import torch
from transformers import BertGenerationConfig, BertGenerationEncoder

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = BertGenerationConfig()
model = BertGenerationEncoder(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
