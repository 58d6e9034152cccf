# labels: name::instructblipvideo author::huggingface task::video test_group::daily
"""
InstructBLIP-Video (InstructBLIP over 4 frames).
Built from transformers.InstructBlipVideoConfig(...) with random weights: InstructBlipVideoModel(config).

The default config has 3.7B parameters; this script keeps the widths and uses 8 of the 39 vision
layers and 2 of the 32 text layers, and adds a video token after OPT's 50,272 tokens, as the
released checkpoints do.
Source: https://huggingface.co/docs/transformers/model_doc/instructblipvideo
"""
from benchit.parser import parse
import torch
from transformers import InstructBlipVideoConfig, InstructBlipVideoModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = InstructBlipVideoConfig(vision_config={"num_hidden_layers": 8}, text_config={"num_hidden_layers": 2, "vocab_size": 50304}, video_token_index=50272)
model = InstructBlipVideoModel(config).eval()
frames = 4
video_tokens = config.num_query_tokens * frames  # the Q-Former's outputs for each frame
input_ids = torch.randint(50272, (batch_size, video_tokens + max_seq_length))
input_ids[:, :video_tokens] = config.video_token_index
size = config.vision_config.image_size
inputs = {
    "pixel_values": torch.rand(batch_size, frames, 3, size, size),
    "input_ids": input_ids,
    "attention_mask": torch.ones_like(input_ids),
    "qformer_input_ids": torch.randint(100, (batch_size, max_seq_length)),
    "use_cache": False,
}

with torch.no_grad():
    model(**inputs)
