# labels: name::fast_vlm author::huggingface task::multimodal test_group::daily
"""
FastVlmModel (model type `fast_vlm`), 1112M parameters.
Built from transformers.FastVlmConfig(...) with random weights: FastVlmModel(config).

The default config has 7.22B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks text_config: num_hidden_layers=1 (1112M parameters). Inputs: one random 224 x
224 image per sample, its 16 image tokens, then max_seq_length random text tokens. Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/fast_vlm
"""
from benchit.parser import parse
import torch
from transformers import FastVlmConfig, FastVlmModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = FastVlmConfig(text_config={"num_hidden_layers": 1})
model = FastVlmModel(config).eval()
text_config = config.get_text_config()
image_tokens = 16  # the number of image features the vision tower makes of one 224 x 224 image
input_ids = torch.randint(text_config.vocab_size, (batch_size, image_tokens + max_seq_length))
input_ids[input_ids == config.image_token_id] = 0
input_ids[:, :image_tokens] = config.image_token_id
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "pixel_values": torch.rand(batch_size, 3, 224, 224),
}

with torch.no_grad():
    model(**inputs)
