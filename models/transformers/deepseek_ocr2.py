# labels: name::deepseek_ocr2 author::huggingface task::multimodal test_group::daily
"""
DeepSeek-OCR 2 (SAM ViT-B, a Qwen2 encoder of learned queries, DeepSeek-MoE decoder), a two-page spread and its text.
Built from transformers.DeepseekOcr2Config(...) with random weights: DeepseekOcr2Model(config).

DeepseekOcr2Config() gives no model that can be built: its text config leaves mlp_layer_types
and num_experts_per_tok unset (None). Set, it is still not DeepSeek-OCR 2: its encoder has
Qwen2Config's default sizes (4096 wide, 10.8B parameters), which the SAM tower's 896 output
channels do not fit, and its 102,400-token vocabulary lacks the image token (128,815). This
script uses DeepSeek-OCR 2's sizes, a Qwen2-0.5B encoder and the DeepSeek-3B-MoE decoder
(129,280 tokens, 64 experts, 6 a token, the first layer dense), with 4 of the encoder's 24
layers and 2 of the decoder's 12 (one dense, one mixture-of-experts); the SAM tower keeps its 12
layers. Height and width are not used: the image is a fixed 850 x 1700 spread, cut into the
fewest tiles (two) the processor makes.
Source: https://huggingface.co/docs/transformers/model_doc/deepseek_ocr2
"""
from benchit.parser import parse
import torch
from transformers import DeepseekOcr2Config, DeepseekOcr2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])
# DeepSeek-OCR 2's sizes: its encoder a Qwen2-0.5B (as transformers' conversion script sets it),
# its decoder DeepSeek-3B-MoE (the released language_config): 64 experts, 6 a token, the first layer dense
encoder = {"hidden_size": 896, "intermediate_size": 4864, "num_hidden_layers": 4, "num_attention_heads": 14,
           "num_key_value_heads": 2, "rope_parameters": {"rope_type": "default", "rope_theta": 1000000.0}}
decoder = {"vocab_size": 129280, "hidden_size": 1280, "intermediate_size": 6848, "num_hidden_layers": 2,
           "num_attention_heads": 10, "moe_intermediate_size": 896, "n_routed_experts": 64, "n_shared_experts": 2,
           "num_experts_per_tok": 6, "mlp_layer_types": ["dense", "sparse"]}

config = DeepseekOcr2Config(vision_config={"encoder_config": encoder}, text_config=decoder)
model = DeepseekOcr2Model(config).eval()
# A two-page spread scanned at 850 x 1700 as DeepseekOcr2Processor prepares it: a global view padded to 1024 x 1024
# and, as it is over 768 a side, local crops: the grid of 2 to 6 tiles of 768 x 768 closest to its shape, 1 row of 2
patch, tiles = config.vision_config.sam_config.patch_size, 2
global_tokens = (1024 // patch // 4) ** 2  # 256 queries: 16 x 16 patches after the two stride-2 convolutions
local_tokens = (768 // patch // 4) ** 2  # 144 a tile
image_tokens = tiles * local_tokens + global_tokens + 1  # 545: the tiles, the global view and a separator
text = torch.randint(config.image_token_id, (batch_size, max_seq_length))  # ordinary tokens
input_ids = torch.cat([torch.full((batch_size, image_tokens), config.image_token_id), text], dim=1)
inputs = {
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "pixel_values": torch.rand(batch_size, 3, 1024, 1024),
    "pixel_values_local": torch.rand(batch_size * tiles, 3, 768, 768),
    "num_local_patches": [tiles] * batch_size,
    "use_cache": False,
}

with torch.no_grad():
    model(**inputs)
