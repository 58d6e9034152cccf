# labels: name::clap author::huggingface task::multimodal test_group::daily
"""
CLAP contrastive text-audio model (HTS-AT audio encoder + RoBERTa text encoder).
Built from transformers.ClapConfig() with random weights: ClapModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/clap
"""
from benchit.parser import parse
import torch
from transformers import ClapConfig, ClapModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = ClapConfig()
model = ClapModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "input_features": torch.randn(batch_size, 1, 1001, config.audio_config.num_mel_bins),  # 10 s of log-mel frames
}

with torch.no_grad():
    model(**inputs)
