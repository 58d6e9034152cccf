# labels: name::xlm_roberta author::huggingface task::nlp test_group::daily
"""
XLM-RoBERTa base encoder.
Built from transformers.XLMRobertaConfig() with random weights: XLMRobertaModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/xlm-roberta
"""
from benchit.parser import parse
import torch
from transformers import XLMRobertaConfig, XLMRobertaModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = XLMRobertaConfig()
model = XLMRobertaModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
