# labels: name::exaone4_5 author::huggingface task::multimodal test_group::daily
"""
EXAONE 4.5 vision-language model (Qwen2.5-VL-style windowed ViT, EXAONE 4 decoder), one image and its text.
Built from transformers.Exaone4_5_Config(...) with random weights: Exaone4_5_Model(config).

The default config has 11.7B parameters, over the corpora's CPU budget; this script keeps the
widths and uses 1 of the 32 text layers and 2 of the 32 vision layers, the second with full
attention (as every eighth is in the default). The text config must name its model type, or the
config cannot be built, and the vision merger's output width (3584 by default) is set to the
text width (4096) that the image features replace token embeddings at.
Source: https://huggingface.co/docs/transformers/model_doc/exaone4_5
"""
from benchit.parser import parse
import torch
from transformers import Exaone4_5_Config, Exaone4_5_Model

torch.manual_seed(0)
batch_size, max_seq_length, height, width = parse(["batch_size", "max_seq_length", "height", "width"])

config = Exaone4_5_Config(text_config={"model_type": "exaone4", "num_hidden_layers": 1}, vision_config={"depth": 2, "fullatt_block_indexes": [1], "out_hidden_size": 4096})
model = Exaone4_5_Model(config).eval()
vision = config.vision_config
unit = vision.patch_size * vision.spatial_merge_size  # 28 pixels a side make one image token
rows, cols = height // unit * vision.spatial_merge_size, width // unit * vision.spatial_merge_size  # in patches
image_tokens = rows * cols // vision.spatial_merge_size**2
text = torch.randint(1000, config.text_config.vocab_size, (batch_size, max_seq_length))  # ordinary tokens
input_ids = torch.cat([torch.full((batch_size, image_tokens), config.image_token_id), text], dim=1)
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    # the processor's layout: 14 x 14 patches, each flattened over its two frames
    "pixel_values": torch.rand(batch_size * rows * cols, vision.in_channels * vision.temporal_patch_size * vision.patch_size**2),
    "image_grid_thw": torch.tensor([[1, rows, cols]] * batch_size),
    "use_cache": False,
}

with torch.no_grad():
    model(**inputs)
