# labels: name::glm4v_moe author::huggingface task::multimodal test_group::daily
"""
GLM-4.5V mixture-of-experts vision-language model, one image and its text.
Built from transformers.Glm4vMoeConfig(...) with random weights: Glm4vMoeModel(config).

The default config has 107B parameters; this script keeps the widths and uses 1 of the 46 text
layers, a mixture-of-experts one with 8 of its 128 experts (each token still routed to 8 of
them, as in the released model), and 2 of the 24 vision layers. It sets head_dim to 128 as the
released checkpoints do: derived from the width (4096 / 96 heads) it leaves a rotary dimension
that the 3D rotary sections do not fit.
Source: https://huggingface.co/docs/transformers/model_doc/glm4v_moe
"""
from benchit.parser import parse
import torch
from transformers import Glm4vMoeConfig, Glm4vMoeModel

torch.manual_seed(0)
batch_size, max_seq_length, height, width = parse(["batch_size", "max_seq_length", "height", "width"])

config = Glm4vMoeConfig(text_config={"num_hidden_layers": 1, "first_k_dense_replace": 0, "n_routed_experts": 8, "head_dim": 128}, vision_config={"depth": 2})
model = Glm4vMoeModel(config).eval()
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
