# labels: name::clvp author::huggingface task::audio test_group::daily
"""
CLVP (Tortoise TTS's text-speech contrastive model: conditioning encoder, speech-token decoder, text and speech encoders), 5 s of mel features.
Built from transformers.ClvpConfig(...) with random weights: ClvpModelForConditionalGeneration(config).

CLVP's base model class is the whole model. Its speech encoder reads the decoder's speech
tokens, so its vocabulary is set to the decoder's 8,194 (ClvpConfig() leaves it at the text
encoder's 256, which random decoder outputs overrun).
Source: https://huggingface.co/docs/transformers/model_doc/clvp
"""
from benchit.parser import parse
import torch
from transformers import ClvpConfig, ClvpModelForConditionalGeneration

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = ClvpConfig(speech_config={"vocab_size": 8194})
model = ClvpModelForConditionalGeneration(config).eval()
inputs = {
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),  # the text's tokens
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "input_features": torch.randn(batch_size, config.decoder_config.feature_size, 500),  # 5 s of the voice's mel frames
}

with torch.no_grad():
    model(**inputs)
