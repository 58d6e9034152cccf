# labels: name::moss_transcribe_diarize author::huggingface task::audio test_group::daily
"""
MossTranscribeDiarizeModel (model type `moss_transcribe_diarize`), 1011M parameters.
Built from transformers.MossTranscribeDiarizeConfig(...) with random weights: MossTranscribeDiarizeModel(config).

The default config has 0.91B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks audio_config: encoder_layers=1, num_hidden_layers=1; text_config:
num_hidden_layers=1 (1011M parameters). Inputs: random token ids (max_seq_length tokens). The
call is text-only: the model also takes input_features, which need a processor's layout that no
generic recipe of probe_transformers.py builds, so the parts that read them are built but not
called. Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/moss_transcribe_diarize
"""
from benchit.parser import parse
import torch
from transformers import MossTranscribeDiarizeConfig, MossTranscribeDiarizeModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MossTranscribeDiarizeConfig(audio_config={"encoder_layers": 1, "num_hidden_layers": 1}, text_config={"num_hidden_layers": 1})
model = MossTranscribeDiarizeModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
