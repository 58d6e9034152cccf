# labels: name::nllb_moe author::huggingface task::nlp test_group::daily
"""
NLLB-MoE translation encoder-decoder.
Built from transformers.NllbMoeConfig(...) with random weights: NllbMoeModel(config).

The default config is NLLB-200-MoE 54B (24+24 layers of 2048, 128 experts); this script keeps
its sizes but uses 2+2 layers and 8 experts so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/nllb_moe
"""
from benchit.parser import parse
import torch
from transformers import NllbMoeConfig, NllbMoeModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = NllbMoeConfig(encoder_layers=2, decoder_layers=2, num_experts=8)
model = NllbMoeModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
