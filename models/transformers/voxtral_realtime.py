# labels: name::voxtral_realtime author::huggingface task::audio test_group::daily
"""
Voxtral Realtime streaming speech recogniser (causal Whisper-style encoder, its frames added to the decoder's token embeddings, one token per 80 ms), 10 s of log-mel features.
Built from transformers.VoxtralRealtimeConfig(...) with random weights: VoxtralRealtimeModel(config).

The default config has 4.4B parameters, over the corpora's CPU budget; this script keeps the
widths and uses 4 of the 32 encoder layers and 1 of the 26 decoder layers.
Source: https://huggingface.co/docs/transformers/model_doc/voxtral_realtime
"""
from benchit.parser import parse
import torch
from transformers import VoxtralRealtimeConfig, VoxtralRealtimeModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = VoxtralRealtimeConfig(audio_config={"num_hidden_layers": 4}, text_config={"num_hidden_layers": 1})
model = VoxtralRealtimeModel(config).eval()
frames = 1000  # 10 s at a 10 ms hop
tokens = frames // config.audio_length_per_tok  # 125: one decoder position per 8 frames
inputs = {
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, tokens)),  # the transcript so far, aligned to the audio
    "input_features": torch.randn(batch_size, config.audio_config.num_mel_bins, frames),
    "attention_mask": torch.ones(batch_size, tokens, dtype=torch.long),
    "num_delay_tokens": config.default_num_delay_tokens,  # how far the transcript lags the audio (480 ms)
    "use_cache": False,
}

with torch.no_grad():
    model(**inputs)
