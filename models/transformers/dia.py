# labels: name::dia author::huggingface task::audio test_group::daily
"""
Dia text-to-speech (byte-level text encoder, decoder over the 9 codebooks of a DAC codec), one step of every decoder position.
Built from transformers.DiaConfig(...) with random weights: DiaModel(config).

The default config (Dia-1.6B) is over the corpora's CPU budget; this script keeps the widths and
the 12 encoder layers and uses 4 of the 18 decoder layers.
Source: https://huggingface.co/docs/transformers/model_doc/dia
"""
from benchit.parser import parse
import torch
from transformers import DiaConfig, DiaModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])
frames = 86  # 1 s of audio at the DAC codec's 86 frames a second

config = DiaConfig(decoder_config={"num_hidden_layers": 4})
model = DiaModel(config).eval()
decoder = config.decoder_config
inputs = {
    "input_ids": torch.randint(config.encoder_config.vocab_size, (batch_size, max_seq_length)),  # the text as UTF-8 bytes
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    # the codec's tokens so far: one column per codebook
    "decoder_input_ids": torch.randint(decoder.vocab_size, (batch_size, frames, decoder.num_channels)),
    "use_cache": False,
}

with torch.no_grad():
    model(**inputs)
