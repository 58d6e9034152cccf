# labels: name::pp_ocrv6_medium_det author::huggingface task::computer_vision test_group::daily
"""
PP-OCRv6 medium text detector (HGNetV2 backbone, large-kernel PAN neck with intra-class blocks), one page image.
Built from transformers.PPOCRV6MediumDetConfig(...) with random weights: PPOCRV6MediumDetModel(config).

The default config leaves the intra-class blocks' convolutions, the neck's upsampling factors
and the head's kernels unset (None), and without a backbone config builds a PP-LCNetV4
recognition backbone (which only halves the height) rather than the HGNetV2 its config class
declares; this script sets all four, the first three as PaddleOCR's detector has them and the
backbone with HGNetV2Config's default sizes.
Source: https://huggingface.co/docs/transformers/model_doc/pp_ocrv6_medium_det
"""
from benchit.parser import parse
import torch
from transformers import PPOCRV6MediumDetConfig, PPOCRV6MediumDetModel

torch.manual_seed(0)
batch_size, height, width = parse(["batch_size", "height", "width"])

# the intra-class blocks' convolutions, [kernel, stride, padding] each, as PaddleOCR's IntraCLBlock has them
intraclass = {
    "reduce_channel": [1, 1, 0], "return_channel": [1, 1, 0],
    "vertical_long_to_small_conv_longratio": [[7, 1], [1, 1], [3, 0]],
    "vertical_long_to_small_conv_midratio": [[5, 1], [1, 1], [2, 0]],
    "vertical_long_to_small_conv_shortratio": [[3, 1], [1, 1], [1, 0]],
    "horizontal_small_to_long_conv_longratio": [[1, 7], [1, 1], [0, 3]],
    "horizontal_small_to_long_conv_midratio": [[1, 5], [1, 1], [0, 2]],
    "horizontal_small_to_long_conv_shortratio": [[1, 3], [1, 1], [0, 1]],
    "symmetric_conv_long_longratio": [[7, 7], [1, 1], [3, 3]],
    "symmetric_conv_long_midratio": [[5, 5], [1, 1], [2, 2]],
    "symmetric_conv_long_shortratio": [[3, 3], [1, 1], [1, 1]],
}

config = PPOCRV6MediumDetConfig(backbone_config={"model_type": "hgnet_v2", "out_features": ["stage1", "stage2", "stage3", "stage4"]}, intraclass_block_config=intraclass, scale_factor_list=[1, 2, 4, 8], kernel_list=[3, 2, 2])
model = PPOCRV6MediumDetModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, 3, height, width)}  # any multiple of 32 a side

with torch.no_grad():
    model(**inputs)
