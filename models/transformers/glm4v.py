# labels: name::glm4v author::huggingface task::multimodal test_group::daily
"""
GLM-4.1V vision-language model (ViT with 2D rotary embeddings, GLM-4 decoder with 3D rotary embeddings), one image and its text.
Built from transformers.Glm4vConfig(...) with random weights: Glm4vModel(config).

The default config has 9.7B parameters, over the corpora's CPU budget; this script keeps the
widths and uses 1 of the 40 text layers and 2 of the 24 vision layers. Its rotary embedding is
set as in the released checkpoints: the default config leaves out the partial rotary factor
(0.5), and its 3D rotary sections do not fit without it.
Source: https://huggingface.co/docs/transformers/model_doc/glm4v
"""
from benchit.parser import parse
import torch
from transformers import Glm4vConfig, Glm4vModel

torch.manual_seed(0)
batch_size, max_seq_length, height, width = parse(["batch_size", "max_seq_length", "height", "width"])

config = Glm4vConfig(text_config={"num_hidden_layers": 1, "rope_parameters": {"rope_type": "default", "rope_theta": 10000.0, "partial_rotary_factor": 0.5, "mrope_section": [8, 12, 12]}}, vision_config={"depth": 2})
model = Glm4vModel(config).eval()
vision = config.vision_config
unit = vision.patch_size * vision.spatial_merge_size  # 28 pixels a side make one image token
rows, cols = height // unit * vision.spatial_merge_size, width // unit * vision.spatial_merge_size  # in patches
image_tokens = rows * cols // vision.spatial_merge_size**2
text = torch.randint(150000, (batch_size, max_seq_length))  # ordinary tokens, below the special ones
input_ids = torch.cat([torch.full((batch_size, image_tokens), config.image_token_id), text], dim=1)
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "mm_token_type_ids": (input_ids == config.image_token_id).long(),  # 1 marks the image's tokens
    "pixel_values": torch.rand(batch_size * rows * cols, vision.in_channels * vision.temporal_patch_size * vision.patch_size**2),
    "image_grid_thw": torch.tensor([[1, rows, cols]] * batch_size),
    "use_cache": False,
}

with torch.no_grad():
    model(**inputs)
