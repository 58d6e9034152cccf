# labels: name::cohere author::huggingface task::nlp test_group::daily
"""
Cohere Command-R decoder.
Built from transformers.CohereConfig(...) with random weights: CohereModel(config).

The default config is Command-R (40 layers of 8192); this script keeps its sizes but uses 2 of
its 40 layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/cohere
"""
from benchit.parser import parse
import torch
from transformers import CohereConfig, CohereModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = CohereConfig(num_hidden_layers=2)
model = CohereModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
