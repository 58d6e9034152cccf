# labels: name::moshi author::huggingface task::nlp test_group::daily
"""
MoshiModel (model type `moshi`), 542M parameters.
Built from transformers.MoshiConfig(...) with random weights: MoshiModel(config).

The default config has 6.71B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks audio_encoder_config: num_hidden_layers=2; depth_decoder_config:
audio_vocab_size=2048, input_size=4096, num_codebooks=8, num_hidden_layers=2, vocab_size=32000;
num_hidden_layers=2 (542M parameters). Inputs: random token ids (max_seq_length tokens). Written
by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/moshi
"""
from benchit.parser import parse
import torch
from transformers import MoshiConfig, MoshiModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MoshiConfig(audio_encoder_config={"num_hidden_layers": 2}, depth_decoder_config={"audio_vocab_size": 2048, "input_size": 4096, "num_codebooks": 8, "num_hidden_layers": 2, "vocab_size": 32000}, num_hidden_layers=2)
model = MoshiModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
