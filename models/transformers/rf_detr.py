# labels: name::rf_detr author::huggingface task::computer_vision test_group::daily
"""
RF-DETR real-time detector (windowed DINOv2 backbone), 560 x 560.
Built from transformers.RfDetrConfig() with random weights: RfDetrModel(config).

RF-DETR selects its 300 queries among the backbone's patches, which 224 x 224 does not give
enough of; this script runs at RF-DETR base's 560 x 560, so height and width are not used.
Source: https://huggingface.co/docs/transformers/model_doc/rf_detr
"""
from benchit.parser import parse
import torch
from transformers import RfDetrConfig, RfDetrModel

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])

config = RfDetrConfig()
model = RfDetrModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, 560, 560)}

with torch.no_grad():
    model(**inputs)
