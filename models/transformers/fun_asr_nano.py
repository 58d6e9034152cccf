# labels: name::fun_asr_nano author::huggingface task::audio test_group::daily
"""
Fun-ASR-Nano speech recogniser (SenseVoice SAN-M encoder, adaptor, Qwen3 decoder), 10 s of audio and its prompt.
Built from transformers.FunAsrNanoConfig(...) with random weights: FunAsrNanoModel(config).

The default config has 830M parameters, over the corpora's CPU budget; this script keeps the
widths and the 70-layer encoder and uses 8 of the 28 decoder layers. A text config given as a
dict replaces the default one whole, so it repeats the default's sizes (Qwen3-0.6B's), which the
adaptor's width must match.
Source: https://huggingface.co/docs/transformers/model_doc/fun_asr_nano
"""
from benchit.parser import parse
import torch
from transformers import FunAsrNanoConfig, FunAsrNanoModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = FunAsrNanoConfig(text_config={"model_type": "qwen3", "hidden_size": 1024, "intermediate_size": 3072, "num_hidden_layers": 8, "num_attention_heads": 16, "num_key_value_heads": 8, "max_position_embeddings": 40960, "tie_word_embeddings": True})
model = FunAsrNanoModel(config).eval()
frames = 167  # 10 s: log-mel frames at a 10 ms hop, 7 stacked per step with a 6-frame stride (60 ms)
text = torch.randint(150000, (batch_size, max_seq_length))  # ordinary tokens, below the special ones
input_ids = torch.cat([torch.full((batch_size, frames), config.audio_token_id), text], dim=1)  # one token per step
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "input_features": torch.randn(batch_size, frames, config.audio_config.num_mel_bins * config.audio_config.num_stacked_frames),
    "input_features_mask": torch.ones(batch_size, frames, dtype=torch.long),  # no padding
    "use_cache": False,
}

with torch.no_grad():
    model(**inputs)
