# labels: name::imagegpt author::huggingface task::computer_vision test_group::daily
"""
ImageGPT (small) over 32 x 32 images of colour-cluster ids.
Built from transformers.ImageGPTConfig() with random weights: ImageGPTModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/imagegpt
"""
from benchit.parser import parse
import torch
from transformers import ImageGPTConfig, ImageGPTModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = ImageGPTConfig()
model = ImageGPTModel(config).eval()
inputs = {"input_ids": torch.randint(config.vocab_size - 1, (batch_size, 32 * 32))}

with torch.no_grad():
    model(**inputs)
