# labels: name::sam3_lite_text author::huggingface task::computer_vision test_group::daily
"""
SAM 3 with a lightweight text encoder (ViT image encoder at 1008 x 1008, text prompt, DETR-style detector and mask head).
Built from transformers.Sam3LiteTextConfig(...) with random weights: Sam3LiteTextModel(config).

The default config is SAM 3's image encoder (a 32-layer ViT of 1024 at 1008 x 1008, global
attention every 8th layer); this script keeps its sizes but uses 8 of the image encoder's 32
layers (the last of them global) so it runs on a CPU. Height and width are not used.
Source: https://huggingface.co/docs/transformers/model_doc/sam3_lite_text
"""
from benchit.parser import parse
import torch
from transformers import Sam3LiteTextConfig, Sam3LiteTextModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = Sam3LiteTextConfig(vision_config={"backbone_config": {"model_type": "sam3_vit_model", "num_hidden_layers": 8, "global_attn_indexes": [7]}})
model = Sam3LiteTextModel(config).eval()
size = config.vision_config.backbone_config.image_size
tokens = config.text_config.max_position_embeddings  # the text prompt, padded to the text encoder's positions
inputs = {
    "pixel_values": torch.rand(batch_size, 3, size, size),
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, tokens)),
    "attention_mask": torch.ones(batch_size, tokens, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
