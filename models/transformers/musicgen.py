# labels: name::musicgen author::huggingface task::audio test_group::daily
"""
MusicGen text-to-music model (T5 text encoder, EnCodec 32 kHz codec, 24-layer decoder over 4 codebooks), one step of every decoder position.
Built from transformers.MusicgenConfig() with random weights: MusicgenForConditionalGeneration(config).

MusicGen's base model class is its decoder alone, which a MusicGen config does not build; the
text-to-music model is the whole model.
Source: https://huggingface.co/docs/transformers/model_doc/musicgen
"""
from benchit.parser import parse
import torch
from transformers import MusicgenConfig, MusicgenForConditionalGeneration

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])
frames = 250  # 5 s of audio at the codec's 50 frames a second

config = MusicgenConfig()
model = MusicgenForConditionalGeneration(config).eval()
decoder = config.decoder
inputs = {
    "input_ids": torch.randint(config.text_encoder.vocab_size, (batch_size, max_seq_length)),  # the text prompt
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    # the codec's tokens so far, one row per codebook of each sample
    "decoder_input_ids": torch.randint(decoder.vocab_size, (batch_size * decoder.num_codebooks, frames)),
}

with torch.no_grad():
    model(**inputs)
