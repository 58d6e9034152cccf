# labels: name::poolformer author::huggingface task::computer_vision test_group::daily
"""
PoolFormer (MetaFormer with pooling token mixer).
Built from transformers.PoolFormerConfig(...) with random weights: PoolFormerModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/poolformer
"""
from benchit.parser import parse
import torch
from transformers import PoolFormerConfig, PoolFormerModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = PoolFormerConfig(num_channels=num_channels)
model = PoolFormerModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
