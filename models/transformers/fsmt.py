# labels: name::fsmt author::huggingface task::nlp test_group::daily
"""
FSMT (FairSeq machine translation, WMT19) encoder-decoder.
Built from transformers.FSMTConfig(...) with random weights: FSMTModel(config).

FSMTConfig needs the language pair and vocabulary sizes; these are the facebook/wmt19-en-de
ones.
Source: https://huggingface.co/docs/transformers/model_doc/fsmt
"""
from benchit.parser import parse
import torch
from transformers import FSMTConfig, FSMTModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = FSMTConfig(langs=["en", "de"], src_vocab_size=42024, tgt_vocab_size=42024)
model = FSMTModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.src_vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "decoder_input_ids": torch.randint(config.tgt_vocab_size, (batch_size, max_seq_length)),
}

with torch.no_grad():
    model(**inputs)
