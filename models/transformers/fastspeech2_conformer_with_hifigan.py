# labels: name::fastspeech2_conformer_with_hifigan author::huggingface task::audio test_group::daily
"""
FastSpeech 2 Conformer text-to-speech with its HiFi-GAN vocoder (phoneme ids to waveform).
Built from transformers.FastSpeech2ConformerWithHifiGanConfig() with random weights: FastSpeech2ConformerWithHifiGan(config).

The model is the whole text-to-waveform pipeline; with random weights its duration predictor
sets how many spectrogram frames (and so how much audio) each phoneme gets.
Source: https://huggingface.co/docs/transformers/model_doc/fastspeech2_conformer
"""
from benchit.parser import parse
import torch
from transformers import FastSpeech2ConformerWithHifiGanConfig, FastSpeech2ConformerWithHifiGan

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = FastSpeech2ConformerWithHifiGanConfig()
model = FastSpeech2ConformerWithHifiGan(config).eval()
inputs = {
    "input_ids": torch.randint(config.model_config.vocab_size, (batch_size, max_seq_length)),  # phoneme ids
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
