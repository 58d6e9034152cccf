# labels: name::gpt_neox_japanese author::huggingface task::nlp test_group::daily
"""
GPTNeoXJapaneseModel (model type `gpt_neox_japanese`), 239M parameters.
Built from transformers.GPTNeoXJapaneseConfig(...) with random weights: GPTNeoXJapaneseModel(config).

The default config has 2.60B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=2 (239M parameters). Inputs: random token ids
(max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/gpt_neox_japanese
"""
from benchit.parser import parse
import torch
from transformers import GPTNeoXJapaneseConfig, GPTNeoXJapaneseModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = GPTNeoXJapaneseConfig(num_hidden_layers=2)
model = GPTNeoXJapaneseModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
