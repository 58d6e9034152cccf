# labels: name::openai_gpt author::huggingface task::nlp test_group::daily
"""
OpenAI GPT (GPT-1) decoder.
Built from transformers.OpenAIGPTConfig() with random weights: OpenAIGPTModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/openai-gpt
"""
from benchit.parser import parse
import torch
from transformers import OpenAIGPTConfig, OpenAIGPTModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = OpenAIGPTConfig()
model = OpenAIGPTModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
