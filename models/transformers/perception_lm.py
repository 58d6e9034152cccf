# labels: name::perception_lm author::huggingface task::multimodal test_group::daily
"""
Perception LM (Perception Encoder L/14 image tower at 448 x 448, 2 x 2 pooled projector, Llama decoder), one image and a text.
Built from transformers.PerceptionLMConfig(...) with random weights: PerceptionLMModel(config).

PerceptionLMConfig() names no usable image tower (a timm ResNet-50 without the model_args the
projector reads) and a Llama-7B-sized text model; this script uses Perception LM 1B's layout
(PE-Core L/14 at 448 x 448, 2 x 2 pooling, a Llama 3.2 1B-sized decoder of 2048) with 2 of the
decoder's 16 layers.
Source: https://huggingface.co/docs/transformers/model_doc/perception_lm
"""
from benchit.parser import parse
import torch
from transformers import PerceptionLMConfig, PerceptionLMModel, TimmWrapperConfig

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])
# Perception LM 1B's image tower: timm's PE-Core L/14 at 448 x 448, 23 of its layers, with its class token
vision = TimmWrapperConfig(architecture="vit_pe_core_large_patch14_336", model_args={
    "embed_dim": 1024, "depth": 23, "img_size": (448, 448), "ref_feat_shape": (32, 32),
    "class_token": True, "use_post_transformer_norm": False, "global_pool": "",
})

config = PerceptionLMConfig(vision_config=vision, projector_pooling_ratio=2, text_config={"model_type": "llama", "hidden_size": 2048, "intermediate_size": 8192, "num_hidden_layers": 2, "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 128256, "rope_theta": 500000.0})
model = PerceptionLMModel(config).eval()
size = vision.model_args["img_size"][0]
image_tokens = (size // 14 // config.projector_pooling_ratio) ** 2  # 256: 32 x 32 patches, pooled 2 x 2
text = torch.randint(config.image_token_id, (batch_size, max_seq_length))
input_ids = torch.cat([torch.full((batch_size, image_tokens), config.image_token_id), text], dim=1)
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "pixel_values": torch.rand(batch_size, 1, 3, size, size),  # one tile per image
}

with torch.no_grad():
    model(**inputs)
