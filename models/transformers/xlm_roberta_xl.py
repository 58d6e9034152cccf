# labels: name::xlm_roberta_xl author::huggingface task::nlp test_group::daily
"""
XLM-RoBERTa-XL encoder.
Built from transformers.XLMRobertaXLConfig(...) with random weights: XLMRobertaXLModel(config).

The default config is XLM-R XL (36 layers of 2560, 3.5B parameters); this script keeps its sizes
but uses 4 of its 36 layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/xlm-roberta-xl
"""
from benchit.parser import parse
import torch
from transformers import XLMRobertaXLConfig, XLMRobertaXLModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = XLMRobertaXLConfig(num_hidden_layers=4)
model = XLMRobertaXLModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
