# labels: name::csm author::huggingface task::audio test_group::daily
"""
CsmForConditionalGeneration (model type `csm`), 592M parameters.
Built from transformers.CsmConfig(...) with random weights: CsmForConditionalGeneration(config).

The default config has 1.63B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks codec_config: num_hidden_layers=1; depth_decoder_config: num_hidden_layers=1;
num_hidden_layers=1 (592M parameters). Inputs: random token ids (max_seq_length tokens). The
call is text-only: the model also takes input_values, which need a processor's layout that no
generic recipe of probe_transformers.py builds, so the parts that read them are built but not
called. Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/csm
"""
from benchit.parser import parse
import torch
from transformers import CsmConfig, CsmForConditionalGeneration

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = CsmConfig(codec_config={"num_hidden_layers": 1}, depth_decoder_config={"num_hidden_layers": 1}, num_hidden_layers=1)
model = CsmForConditionalGeneration(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
