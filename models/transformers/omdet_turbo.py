# labels: name::omdet_turbo author::huggingface task::computer_vision test_group::daily
"""
OmDet-Turbo open-vocabulary detector (Swin-T timm backbone, CLIP text encoder), 80 class prompts at 640 x 640.
Built from transformers.OmDetTurboConfig() with random weights: OmDetTurboForObjectDetection(config).

OmDet-Turbo's base model class is its detector; its Swin backbone is built for 640 x 640 inputs,
so height and width are not used.
Source: https://huggingface.co/docs/transformers/model_doc/omdet-turbo
"""
from benchit.parser import parse
import torch
from transformers import OmDetTurboConfig, OmDetTurboForObjectDetection

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])
classes = 80  # the COCO class names, one prompt each

config = OmDetTurboConfig()
model = OmDetTurboForObjectDetection(config).eval()
text = config.text_config  # the processor pads every prompt to the text encoder's 77 tokens
inputs = {
    "pixel_values": torch.rand(batch_size, 3, config.image_size, config.image_size),
    "classes_input_ids": torch.randint(text.vocab_size, (batch_size * classes, text.max_position_embeddings)),
    "classes_attention_mask": torch.ones(batch_size * classes, text.max_position_embeddings, dtype=torch.long),
    "tasks_input_ids": torch.randint(text.vocab_size, (batch_size, text.max_position_embeddings)),  # the task prompt
    "tasks_attention_mask": torch.ones(batch_size, text.max_position_embeddings, dtype=torch.long),
    "classes_structure": torch.full((batch_size,), classes),  # how many of the class prompts each image has
}

with torch.no_grad():
    model(**inputs)
