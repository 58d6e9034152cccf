# labels: name::voxtral author::huggingface task::audio test_group::daily
"""
VoxtralModel (model type `voxtral`), 562M parameters.
Built from transformers.VoxtralConfig(...) with random weights: VoxtralModel(config).

The default config has 4.27B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks audio_config: encoder_layers=1, num_hidden_layers=1; text_config:
num_hidden_layers=1 (562M parameters). Inputs: random token ids (max_seq_length tokens). The
call is text-only: the model also takes input_features, which need a processor's layout that no
generic recipe of probe_transformers.py builds, so the parts that read them are built but not
called. Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/voxtral
"""
from benchit.parser import parse
import torch
from transformers import VoxtralConfig, VoxtralModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = VoxtralConfig(audio_config={"encoder_layers": 1, "num_hidden_layers": 1}, text_config={"num_hidden_layers": 1})
model = VoxtralModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
