# labels: name::internvl author::huggingface task::multimodal test_group::daily
"""
InternVLModel (model type `internvl`), 1008M parameters.
Built from transformers.InternVLConfig(...) with random weights: InternVLModel(config).

The default config has 11.77B parameters, over the corpora's CPU budget; this script keeps its
widths and shrinks text_config: num_hidden_layers=1; vision_config: num_hidden_layers=1 (1008M
parameters). Inputs: one random 448 x 448 image per sample, its 256 image tokens, then
max_seq_length random text tokens. Written by tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/internvl
"""
from benchit.parser import parse
import torch
from transformers import InternVLConfig, InternVLModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = InternVLConfig(text_config={"num_hidden_layers": 1}, vision_config={"num_hidden_layers": 1})
model = InternVLModel(config).eval()
text_config = config.get_text_config()
image_tokens = 256  # the number of image features the vision tower makes of one 448 x 448 image
input_ids = torch.randint(text_config.vocab_size, (batch_size, image_tokens + max_seq_length))
input_ids[input_ids == config.image_token_id] = 0
input_ids[:, :image_tokens] = config.image_token_id
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "pixel_values": torch.rand(batch_size, 3, 448, 448),
}

with torch.no_grad():
    model(**inputs)
