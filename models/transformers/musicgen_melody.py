# labels: name::musicgen_melody author::huggingface task::audio test_group::daily
"""
MusicGen Melody (MusicGen conditioned on a text prompt and a melody's chromagram), one step of every decoder position.
Built from transformers.MusicgenMelodyConfig() with random weights: MusicgenMelodyForConditionalGeneration(config).

MusicGen Melody's base model class is its decoder alone, which its config does not build; the
whole model is used.
Source: https://huggingface.co/docs/transformers/model_doc/musicgen_melody
"""
from benchit.parser import parse
import torch
from transformers import MusicgenMelodyConfig, MusicgenMelodyForConditionalGeneration

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])
frames = 250  # 5 s of audio at the codec's 50 frames a second

config = MusicgenMelodyConfig()
model = MusicgenMelodyForConditionalGeneration(config).eval()
decoder = config.decoder
inputs = {
    "input_ids": torch.randint(config.text_encoder.vocab_size, (batch_size, max_seq_length)),  # the text prompt
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "input_features": torch.rand(batch_size, config.chroma_length, config.num_chroma),  # the melody: 12 pitch classes per frame
    # the codec's tokens so far, one row per codebook of each sample
    "decoder_input_ids": torch.randint(decoder.vocab_size, (batch_size * decoder.num_codebooks, frames)),
}

with torch.no_grad():
    model(**inputs)
