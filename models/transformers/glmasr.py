# labels: name::glmasr author::huggingface task::audio test_group::daily
"""
GlmAsrModel (model type `glmasr`), 292M parameters.
Built from transformers.GlmAsrConfig(...) with random weights: GlmAsrModel(config).

The default config has 2.14B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks audio_config: num_hidden_layers=2; text_config: num_hidden_layers=2 (292M
parameters). Inputs: random token ids (max_seq_length tokens). The call is text-only: the model
also takes input_features, which need a processor's layout that no generic recipe of
probe_transformers.py builds, so the parts that read them are built but not called. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/glmasr
"""
from benchit.parser import parse
import torch
from transformers import GlmAsrConfig, GlmAsrModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = GlmAsrConfig(audio_config={"num_hidden_layers": 2}, text_config={"num_hidden_layers": 2})
model = GlmAsrModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
