# labels: name::xglm author::huggingface task::nlp test_group::daily
"""
XGLM-564M multilingual decoder.
Built from transformers.XGLMConfig() with random weights: XGLMModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/xglm
"""
from benchit.parser import parse
import torch
from transformers import XGLMConfig, XGLMModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = XGLMConfig()
model = XGLMModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
