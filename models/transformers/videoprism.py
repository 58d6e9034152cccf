# labels: name::videoprism author::huggingface task::video test_group::daily
"""
VideoPrism video-text CLIP model (factorised space-time ViT, 288 x 288), 16 frames.
Built from transformers.VideoPrismConfig() with random weights: VideoPrismClipModel(config).

The model runs at the config's image size and frame count, so height and width are not used. The
text encoder's 64 positions cap max_seq_length.
Source: https://huggingface.co/docs/transformers/model_doc/videoprism
"""
from benchit.parser import parse
import torch
from transformers import VideoPrismConfig, VideoPrismClipModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = VideoPrismConfig()
model = VideoPrismClipModel(config).eval()
size = config.vision_config.image_size
max_seq_length = min(max_seq_length, config.text_config.max_position_embeddings)  # 64 text positions
inputs = {
    "pixel_values_videos": torch.rand(batch_size, config.vision_config.num_frames, 3, size, size),
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
