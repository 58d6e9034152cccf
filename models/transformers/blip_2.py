# labels: name::blip_2 author::huggingface task::multimodal test_group::daily
"""
BLIP-2 (ViT-g image encoder, Q-Former, OPT decoder).
Built from transformers.Blip2Config(...) with random weights: Blip2Model(config).

The default config (ViT-g with 39 layers, OPT-2.7B with 32) has 3.7B parameters, over the
corpora's CPU budget; this script keeps the widths and uses 8 vision layers and 2 text layers.
The default config has no image token, so one is added after OPT's 50,272 tokens, as the
released checkpoints do.
Source: https://huggingface.co/docs/transformers/model_doc/blip-2
"""
from benchit.parser import parse
import torch
from transformers import Blip2Config, Blip2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Blip2Config(vision_config={"num_hidden_layers": 8}, text_config={"num_hidden_layers": 2, "vocab_size": 50304}, image_token_index=50272)
model = Blip2Model(config).eval()
image_tokens = config.num_query_tokens  # the Q-Former's query outputs stand in for these tokens
input_ids = torch.randint(50272, (batch_size, image_tokens + max_seq_length))
input_ids[:, :image_tokens] = config.image_token_index
inputs = {
    "pixel_values": torch.rand(batch_size, 3, config.vision_config.image_size, config.vision_config.image_size),
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "use_cache": False,
}

with torch.no_grad():
    model(**inputs)
