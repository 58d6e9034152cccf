# labels: name::kyutai_speech_to_text author::huggingface task::audio test_group::daily
"""
Kyutai speech-to-text decoder over a text stream and the 32 codebooks of Mimi audio tokens, 10 s of audio.
Built from transformers.KyutaiSpeechToTextConfig(...) with random weights: KyutaiSpeechToTextModel(config).

The default config is Kyutai STT 2.6B (48 layers of 2048); this script keeps its sizes but uses
4 of its 48 layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/kyutai_speech_to_text
"""
from benchit.parser import parse
import torch
from transformers import KyutaiSpeechToTextConfig, KyutaiSpeechToTextModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])
frames = 125  # 10 s at the Mimi codec's 12.5 frames a second

config = KyutaiSpeechToTextConfig(num_hidden_layers=4)
model = KyutaiSpeechToTextModel(config).eval()
# each step: the text token, then one audio token per codebook
inputs = {
    "input_ids": torch.cat([
        torch.randint(config.vocab_size, (batch_size, frames, 1)),
        torch.randint(config.codebook_vocab_size, (batch_size, frames, config.num_codebooks)),
    ], dim=-1),
    "attention_mask": torch.ones(batch_size, frames, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
