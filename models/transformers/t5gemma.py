# labels: name::t5gemma author::huggingface task::nlp test_group::daily
"""
T5Gemma encoder-decoder (Gemma 2 blocks).
Built from transformers.T5GemmaConfig(...) with random weights: T5GemmaModel(config).

The default config is T5Gemma 2B-2B; this script keeps its sizes but uses 2 encoder and 2
decoder layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/t5gemma
"""
from benchit.parser import parse
import torch
from transformers import T5GemmaConfig, T5GemmaModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = T5GemmaConfig(encoder={"num_hidden_layers": 2}, decoder={"num_hidden_layers": 2})
model = T5GemmaModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
