# labels: name::musicflamingo author::huggingface task::audio test_group::daily
"""
Music Flamingo audio-language model (Audio Flamingo 3 Whisper encoder with rotary time embeddings, Qwen2 decoder), 30 s of music and its text.
Built from transformers.MusicFlamingoConfig(...) with random weights: MusicFlamingoModel(config).

The default config (a Whisper-large encoder and a 32-layer Qwen2 decoder of width 4096) is over
the corpora's CPU budget; this script keeps the widths and uses 4 of the 32 encoder layers and 1
of the 32 decoder layers. Sub-configs given as dicts must name their model type, or the config
cannot be built.
Source: https://huggingface.co/docs/transformers/model_doc/musicflamingo
"""
from benchit.parser import parse
import torch
from transformers import MusicFlamingoConfig, MusicFlamingoModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MusicFlamingoConfig(audio_config={"model_type": "audioflamingo3_encoder", "num_hidden_layers": 4}, text_config={"model_type": "qwen2", "num_hidden_layers": 1})
model = MusicFlamingoModel(config).eval()
frames = 2 * config.audio_config.max_source_positions  # 3000: 30 s at a 10 ms hop, the only length its positions fit
audio_tokens = frames // 4  # 750: the encoder halves the frames twice (a strided convolution, then pooling)
text = torch.randint(150000, (batch_size, max_seq_length))  # ordinary tokens, below the special ones
input_ids = torch.cat([torch.full((batch_size, audio_tokens), config.audio_token_id), text], dim=1)
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "input_features": torch.randn(batch_size, config.audio_config.num_mel_bins, frames),
    "input_features_mask": torch.ones(batch_size, frames, dtype=torch.long),  # no padding
    "use_cache": False,
}

with torch.no_grad():
    model(**inputs)
