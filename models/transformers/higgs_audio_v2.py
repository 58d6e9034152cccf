# labels: name::higgs_audio_v2 author::huggingface task::nlp test_group::daily
"""
HiggsAudioV2ForConditionalGeneration (model type `higgs_audio_v2`), 621M parameters.
Built from transformers.HiggsAudioV2Config(...) with random weights: HiggsAudioV2ForConditionalGeneration(config).

The default config has 5.38B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks num_hidden_layers=1 (621M parameters). Inputs: random token ids
(max_seq_length tokens). Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/higgs_audio_v2
"""
from benchit.parser import parse
import torch
from transformers import HiggsAudioV2Config, HiggsAudioV2ForConditionalGeneration

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = HiggsAudioV2Config(num_hidden_layers=1)
model = HiggsAudioV2ForConditionalGeneration(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
