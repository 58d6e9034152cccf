# labels: name::oneformer author::huggingface task::computer_vision test_group::daily
"""
OneFormer universal segmentation (Swin backbone), called for one task.
Built from transformers.OneFormerConfig() with random weights: OneFormerModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/oneformer
"""
from benchit.parser import parse
import torch
from transformers import OneFormerConfig, OneFormerModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = OneFormerConfig()
model = OneFormerModel(config).eval()
inputs = {
    "pixel_values": torch.rand(batch_size, num_channels, height, width),
    # the task prompt ("the task is semantic"), tokenised: random ids of the task's fixed length
    "task_inputs": torch.randint(100, (batch_size, config.task_seq_len)),
}

with torch.no_grad():
    model(**inputs)
