# labels: name::instructblip author::huggingface task::multimodal test_group::daily
"""
InstructBLIP (BLIP-2 with an instruction-aware Q-Former).
Built from transformers.InstructBlipConfig(...) with random weights: InstructBlipModel(config).

The default config has 3.7B parameters; this script keeps the widths and uses 8 of the 39 vision
layers and 2 of the 32 text layers, and adds an image token after OPT's 50,272 tokens, as the
released checkpoints do.
Source: https://huggingface.co/docs/transformers/model_doc/instructblip
"""
from benchit.parser import parse
import torch
from transformers import InstructBlipConfig, InstructBlipModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = InstructBlipConfig(vision_config={"num_hidden_layers": 8}, text_config={"num_hidden_layers": 2, "vocab_size": 50304}, image_token_index=50272)
model = InstructBlipModel(config).eval()
image_tokens = config.num_query_tokens
input_ids = torch.randint(50272, (batch_size, image_tokens + max_seq_length))
input_ids[:, :image_tokens] = config.image_token_index
inputs = {
    "pixel_values": torch.rand(batch_size, 3, config.vision_config.image_size, config.vision_config.image_size),
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "qformer_input_ids": torch.randint(100, (batch_size, max_seq_length)),  # the instruction, for the Q-Former
    "use_cache": False,
}

with torch.no_grad():
    model(**inputs)
