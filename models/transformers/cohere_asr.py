# labels: name::cohere_asr author::huggingface task::audio test_group::daily
"""
Cohere ASR speech recogniser (Conformer encoder, Transformer decoder), 10 s of log-mel features.
Built from transformers.CohereAsrConfig(...) with random weights: CohereAsrModel(config).

The default config is Cohere ASR (a 48-layer Conformer encoder of 1280, an 8-layer decoder);
this script keeps its sizes but uses 6 of its 48 encoder layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/cohere_asr
"""
from benchit.parser import parse
import torch
from transformers import CohereAsrConfig, CohereAsrModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])
frames = 1000  # 10 s at a 10 ms hop

config = CohereAsrConfig(encoder_config={"num_hidden_layers": 6})
model = CohereAsrModel(config).eval()
inputs = {
    "input_features": torch.randn(batch_size, frames, config.encoder_config.num_mel_bins),
    "attention_mask": torch.ones(batch_size, frames, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),  # the prompt and transcript so far
}

with torch.no_grad():
    model(**inputs)
