# labels: name::got_ocr2 author::huggingface task::multimodal test_group::daily
"""
GotOcr2Model (model type `got_ocr2`), 561M parameters.
Built from transformers.GotOcr2Config() with random weights: GotOcr2Model(config).

Inputs: one random 1024 x 1024 image per sample, its 256 image tokens, then max_seq_length
random text tokens. Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/got_ocr2
"""
from benchit.parser import parse
import torch
from transformers import GotOcr2Config, GotOcr2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = GotOcr2Config()
model = GotOcr2Model(config).eval()
text_config = config.get_text_config()
image_tokens = 256  # the number of image features the vision tower makes of one 1024 x 1024 image
input_ids = torch.randint(text_config.vocab_size, (batch_size, image_tokens + max_seq_length))
input_ids[input_ids == config.image_token_id] = 0
input_ids[:, :image_tokens] = config.image_token_id
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "pixel_values": torch.rand(batch_size, 3, 1024, 1024),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
