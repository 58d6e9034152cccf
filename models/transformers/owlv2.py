# labels: name::owlv2 author::huggingface task::multimodal test_group::daily
"""
OWLv2 open-vocabulary detector (CLIP ViT-B/16 at 960 x 960), one text query per image.
Built from transformers.Owlv2Config(...) with random weights: Owlv2ForObjectDetection(config).

OWLv2's box bias is computed for a fixed 960 x 960 grid, so height and width are not used.
Source: https://huggingface.co/docs/transformers/model_doc/owlv2
"""
from benchit.parser import parse
import torch
from transformers import Owlv2Config, Owlv2ForObjectDetection

torch.manual_seed(0)
batch_size, max_seq_length, num_channels = parse(["batch_size", "max_seq_length", "num_channels"])
max_seq_length = min(max_seq_length, 16)  # OWLv2 text queries are at most 16 tokens
height = width = 960  # OWLv2 is built for 960 x 960 images

config = Owlv2Config(vision_config={"image_size": height, "num_channels": num_channels})
model = Owlv2ForObjectDetection(config).eval()
# the text encoder's position embeddings cap the number of tokens (77 for CLIP)
max_seq_length = min(max_seq_length, config.text_config.max_position_embeddings)
inputs = {
    "input_ids": torch.randint(config.text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "pixel_values": torch.rand(batch_size, num_channels, height, width),
}

with torch.no_grad():
    model(**inputs)
