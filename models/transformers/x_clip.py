# labels: name::x_clip author::huggingface task::multimodal test_group::daily
"""
X-CLIP video-text model (CLIP ViT-B/32 with cross-frame attention), 8 frames.
Built from transformers.XCLIPConfig(...) with random weights: XCLIPModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/xclip
"""
from benchit.parser import parse
import torch
from transformers import XCLIPConfig, XCLIPModel

torch.manual_seed(0)
batch_size, max_seq_length, num_channels, height, width = parse(["batch_size", "max_seq_length", "num_channels", "height", "width"])

config = XCLIPConfig(vision_config={"image_size": height, "num_channels": num_channels})
model = XCLIPModel(config).eval()
num_frames = config.vision_config.num_frames
max_seq_length = min(max_seq_length, config.text_config.max_position_embeddings)  # 77 text tokens at most
inputs = {
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "pixel_values": torch.rand(batch_size, num_frames, num_channels, height, width),
}

with torch.no_grad():
    model(**inputs)
