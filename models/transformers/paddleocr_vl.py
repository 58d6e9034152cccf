# labels: name::paddleocr_vl author::huggingface task::multimodal test_group::daily
"""
PaddleOCRVLModel (model type `paddleocr_vl`), 192M parameters.
Built from transformers.PaddleOCRVLConfig(...) with random weights: PaddleOCRVLModel(config).

The default config has 0.80B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks text_config: num_hidden_layers=2; vision_config: num_hidden_layers=2 (192M
parameters). Inputs: random token ids (max_seq_length tokens). The call is text-only: the model
also takes pixel_values, which need a processor's layout that no generic recipe of
probe_transformers.py builds, so the parts that read them are built but not called. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/paddleocr_vl
"""
from benchit.parser import parse
import torch
from transformers import PaddleOCRVLConfig, PaddleOCRVLModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = PaddleOCRVLConfig(text_config={"num_hidden_layers": 2}, vision_config={"num_hidden_layers": 2})
model = PaddleOCRVLModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
