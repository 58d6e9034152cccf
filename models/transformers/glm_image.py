# labels: name::glm_image author::huggingface task::multimodal test_group::daily
"""
GLM-Image autoregressive image generator (GLM-4 decoder over text and VQ image tokens), a text prompt, one step over every position.
Built from transformers.GlmImageConfig(...) with random weights: GlmImageModel(config).

The default config has 10.0B parameters, over the corpora's CPU budget; this script keeps the
widths and uses 1 of the 40 text layers and 2 of the 40 vision layers. Its rotary embedding is
set as in GLM-4.1V's released checkpoints: the default config leaves out the partial rotary
factor (0.5), and its 3D rotary sections do not fit without it. The prompt is text only (text-
to-image); an image-to-image call also passes the source images.
Source: https://huggingface.co/docs/transformers/model_doc/glm_image
"""
from benchit.parser import parse
import torch
from transformers import GlmImageConfig, GlmImageModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = GlmImageConfig(text_config={"num_hidden_layers": 1, "rope_parameters": {"rope_type": "default", "rope_theta": 10000.0, "partial_rotary_factor": 0.5, "mrope_section": [8, 12, 12]}}, vision_config={"depth": 2})
model = GlmImageModel(config).eval()
inputs = {
    # ordinary text tokens: above the VQ image codes (0 to 16,511) and below the special tokens
    "input_ids": torch.randint(config.text_config.vision_vocab_size, 160000, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "use_cache": False,
}

with torch.no_grad():
    model(**inputs)
