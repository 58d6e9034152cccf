# labels: name::megatron_bert author::huggingface task::nlp test_group::daily
"""
Megatron-BERT (345M-sized default config).
Built from transformers.MegatronBertConfig() with random weights: MegatronBertModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/megatron-bert
"""
from benchit.parser import parse
import torch
from transformers import MegatronBertConfig, MegatronBertModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MegatronBertConfig()
model = MegatronBertModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
