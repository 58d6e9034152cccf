# labels: name::swiftformer_s author::timm task::image_classification model_family::swiftformer test_group::daily
"""
swiftformer_s: timm.create_model("swiftformer_s", pretrained=False), random weights (6.1M parameters).
Module: timm.models.swiftformer (SwiftFormer)
Paper (the first the module cites): SwiftFormer: Efficient Additive Attention for Transformer-based Real-time Mobile Vision Applications, https://arxiv.org/abs/2303.15446
Paper of the default pretrained config swiftformer_s.dist_in1k: SwiftFormer: Efficient Additive Attention for Transformer-based Real-time Mobile Vision Applications
Source: https://github.com/huggingface/pytorch-image-models (timm/models/swiftformer.py)
Its position embeddings (or windows) are sized for one input size, so the model is built
with img_size=(height, width); the default is timm's 224 x 224.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("swiftformer_s", pretrained=False, in_chans=num_channels, img_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
