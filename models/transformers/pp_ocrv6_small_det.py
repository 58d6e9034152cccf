# labels: name::pp_ocrv6_small_det author::huggingface task::computer_vision test_group::daily
"""
PP-OCRv6 small text detector (PP-LCNetV3 backbone, RSE feature pyramid), one page image.
Built from transformers.PPOCRV6SmallDetConfig(...) with random weights: PPOCRV6SmallDetModel(config).

Without a backbone config the detector builds a PP-LCNetV4 recognition backbone (which only
halves the height), not the PP-LCNetV3 the config class declares; this script asks for that one
(scale 0.75, stages 2 to 5). The neck's input widths (layer_list_out_channels, 12, 18, 42 and
360 by default) are PP-OCRv5's projected widths, but this model has no projection, so they are
set to the backbone's stage widths.
Source: https://huggingface.co/docs/transformers/model_doc/pp_ocrv6_small_det
"""
from benchit.parser import parse
import torch
from transformers import PPOCRV6SmallDetConfig, PPOCRV6SmallDetModel

torch.manual_seed(0)
batch_size, height, width = parse(["batch_size", "height", "width"])

config = PPOCRV6SmallDetConfig(backbone_config={"model_type": "pp_lcnet_v3", "scale": 0.75, "divisor": 16, "out_features": ["stage2", "stage3", "stage4", "stage5"]}, layer_list_out_channels=[48, 96, 192, 384])
model = PPOCRV6SmallDetModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, height, width)}  # any multiple of 32 a side

with torch.no_grad():
    model(**inputs)
