# labels: name::openai_privacy_filter author::huggingface task::nlp test_group::daily
"""
OpenAIPrivacyFilterModel (model type `openai_privacy_filter`), 446M parameters.
Built from transformers.OpenAIPrivacyFilterConfig(...) with random weights: OpenAIPrivacyFilterModel(config).

The default config has 1.40B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=2 (446M parameters). Inputs: random token ids
(max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/openai_privacy_filter
"""
from benchit.parser import parse
import torch
from transformers import OpenAIPrivacyFilterConfig, OpenAIPrivacyFilterModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = OpenAIPrivacyFilterConfig(num_hidden_layers=2)
model = OpenAIPrivacyFilterModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
