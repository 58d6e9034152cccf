# labels: name::llava author::huggingface task::multimodal test_group::daily
"""
LlavaModel (model type `llava`), 572M parameters.
Built from transformers.LlavaConfig(...) with random weights: LlavaModel(config).

The default config has 6.93B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks text_config: num_hidden_layers=2; vision_config: num_hidden_layers=2 (572M
parameters). The default text vocabulary does not hold the image token, so it is extended as the
released checkpoints' is. Inputs: one random 224 x 224 image per sample, its 49 image tokens,
then max_seq_length random text tokens. Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/llava
"""
from benchit.parser import parse
import torch
from transformers import LlavaConfig, LlavaModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = LlavaConfig(text_config={"num_hidden_layers": 2, "vocab_size": 32064}, vision_config={"num_hidden_layers": 2})
model = LlavaModel(config).eval()
text_config = config.get_text_config()
image_tokens = 49  # the number of image features the vision tower makes of one 224 x 224 image
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
