# labels: name::kosmos2 author::huggingface task::multimodal test_group::daily
"""
Kosmos-2 grounded multimodal LLM (CLIP ViT-L/14 + text decoder).
Built from transformers.Kosmos2Config(...) with random weights: Kosmos2Model(config).

The default config is Kosmos-2 (1.7B: CLIP ViT-L/14 and a 24-layer 2048-wide decoder); this
script keeps its sizes but uses 6 of the 24 decoder layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/kosmos-2
"""
from benchit.parser import parse
import torch
from transformers import Kosmos2Config, Kosmos2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Kosmos2Config(text_config={"layers": 6})
model = Kosmos2Model(config).eval()
num_image_tokens = config.latent_query_num  # 64 latent image tokens at the start of the text
input_ids = torch.randint(config.text_config.vocab_size, (batch_size, num_image_tokens + max_seq_length))
image_embeds_position_mask = torch.zeros_like(input_ids)
image_embeds_position_mask[:, 1 : num_image_tokens + 1] = 1
inputs = {
    "pixel_values": torch.rand(batch_size, 3, config.vision_config.image_size, config.vision_config.image_size),
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "image_embeds_position_mask": image_embeds_position_mask,
}

with torch.no_grad():
    model(**inputs)
