"""Write models/torchvision/*.py: one script per model that torchvision.models can build.

Run from the repository root:

    /work/venv/bin/python tools/corpora/gen_torchvision.py

The generated scripts are committed; re-run this only to add or change entries.
Scripts listed in SKIP are written to models/torchvision/skip/ with the reason on top.
"""

from __future__ import annotations

import sys
from pathlib import Path

import torchvision.models as tvm
from corpus_files import clear, write

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "models" / "torchvision"

DOCS = "https://pytorch.org/vision/stable/models.html"

# Model-name prefix -> (family description, paper or page).  Longest prefix wins.
FAMILIES = {
    "alexnet": ("AlexNet", "Krizhevsky et al., ImageNet Classification with Deep Convolutional Neural Networks (2012)"),
    "convnext": ("ConvNeXt", "Liu et al., A ConvNet for the 2020s, https://arxiv.org/abs/2201.03545"),
    "densenet": (
        "DenseNet",
        "Huang et al., Densely Connected Convolutional Networks, https://arxiv.org/abs/1608.06993",
    ),
    "efficientnet_b": ("EfficientNet", "Tan and Le, EfficientNet, https://arxiv.org/abs/1905.11946"),
    "efficientnet_v2": ("EfficientNetV2", "Tan and Le, EfficientNetV2, https://arxiv.org/abs/2104.00298"),
    "googlenet": (
        "GoogLeNet (Inception v1)",
        "Szegedy et al., Going Deeper with Convolutions, https://arxiv.org/abs/1409.4842",
    ),
    "inception_v3": (
        "Inception v3",
        "Szegedy et al., Rethinking the Inception Architecture, https://arxiv.org/abs/1512.00567",
    ),
    "maxvit": ("MaxViT", "Tu et al., MaxViT: Multi-Axis Vision Transformer, https://arxiv.org/abs/2204.01697"),
    "mnasnet": (
        "MNASNet",
        "Tan et al., MnasNet: Platform-Aware Neural Architecture Search, https://arxiv.org/abs/1807.11626",
    ),
    "mobilenet_v2": ("MobileNetV2", "Sandler et al., MobileNetV2, https://arxiv.org/abs/1801.04381"),
    "mobilenet_v3": ("MobileNetV3", "Howard et al., Searching for MobileNetV3, https://arxiv.org/abs/1905.02244"),
    "regnet": ("RegNet", "Radosavovic et al., Designing Network Design Spaces, https://arxiv.org/abs/2003.13678"),
    "resnet": ("ResNet", "He et al., Deep Residual Learning for Image Recognition, https://arxiv.org/abs/1512.03385"),
    "resnext": ("ResNeXt", "Xie et al., Aggregated Residual Transformations, https://arxiv.org/abs/1611.05431"),
    "shufflenet": ("ShuffleNetV2", "Ma et al., ShuffleNet V2, https://arxiv.org/abs/1807.11164"),
    "squeezenet": ("SqueezeNet", "Iandola et al., SqueezeNet, https://arxiv.org/abs/1602.07360"),
    "swin_": ("Swin Transformer", "Liu et al., Swin Transformer, https://arxiv.org/abs/2103.14030"),
    "swin_v2": ("Swin Transformer V2", "Liu et al., Swin Transformer V2, https://arxiv.org/abs/2111.09883"),
    "vgg": ("VGG", "Simonyan and Zisserman, Very Deep Convolutional Networks, https://arxiv.org/abs/1409.1556"),
    "vit_": (
        "Vision Transformer (ViT)",
        "Dosovitskiy et al., An Image is Worth 16x16 Words, https://arxiv.org/abs/2010.11929",
    ),
    "wide_resnet": ("Wide ResNet", "Zagoruyko and Komodakis, Wide Residual Networks, https://arxiv.org/abs/1605.07146"),
    # detection
    "fasterrcnn": ("Faster R-CNN", "Ren et al., Faster R-CNN, https://arxiv.org/abs/1506.01497"),
    "fasterrcnn_resnet50_fpn_v2": (
        "Faster R-CNN v2",
        "Li et al., Benchmarking Detection Transfer Learning with Vision Transformers, https://arxiv.org/abs/2111.11429",
    ),
    "fcos": (
        "FCOS",
        "Tian et al., FCOS: Fully Convolutional One-Stage Object Detection, https://arxiv.org/abs/1904.01355",
    ),
    "keypointrcnn": ("Keypoint R-CNN", "He et al., Mask R-CNN, https://arxiv.org/abs/1703.06870"),
    "maskrcnn": ("Mask R-CNN", "He et al., Mask R-CNN, https://arxiv.org/abs/1703.06870"),
    "retinanet": ("RetinaNet", "Lin et al., Focal Loss for Dense Object Detection, https://arxiv.org/abs/1708.02002"),
    "ssd300": ("SSD300", "Liu et al., SSD: Single Shot MultiBox Detector, https://arxiv.org/abs/1512.02325"),
    "ssdlite": ("SSDlite", "Sandler et al., MobileNetV2 (SSDlite), https://arxiv.org/abs/1801.04381"),
    # segmentation
    "deeplabv3": ("DeepLabV3", "Chen et al., Rethinking Atrous Convolution, https://arxiv.org/abs/1706.05587"),
    "fcn": (
        "FCN",
        "Long et al., Fully Convolutional Networks for Semantic Segmentation, https://arxiv.org/abs/1411.4038",
    ),
    "lraspp": ("LR-ASPP", "Howard et al., Searching for MobileNetV3, https://arxiv.org/abs/1905.02244"),
    # video
    "mc3": (
        "Mixed Convolution (MC3)",
        "Tran et al., A Closer Look at Spatiotemporal Convolutions, https://arxiv.org/abs/1711.11248",
    ),
    "r2plus1d": (
        "R(2+1)D",
        "Tran et al., A Closer Look at Spatiotemporal Convolutions, https://arxiv.org/abs/1711.11248",
    ),
    "r3d": (
        "3D ResNet (R3D)",
        "Tran et al., A Closer Look at Spatiotemporal Convolutions, https://arxiv.org/abs/1711.11248",
    ),
    "mvit_v1": ("MViT v1", "Fan et al., Multiscale Vision Transformers, https://arxiv.org/abs/2104.11227"),
    "mvit_v2": ("MViT v2", "Li et al., MViTv2, https://arxiv.org/abs/2112.01526"),
    "s3d": ("S3D", "Xie et al., Rethinking Spatiotemporal Feature Learning, https://arxiv.org/abs/1712.04851"),
    "swin3d": ("Video Swin Transformer", "Liu et al., Video Swin Transformer, https://arxiv.org/abs/2106.13230"),
    # optical flow
    "raft": ("RAFT", "Teed and Deng, RAFT: Recurrent All-Pairs Field Transforms, https://arxiv.org/abs/2003.12039"),
}

# Scripts written to skip/ with the reason on top. None at present: the quantized models, once
# skipped because building them calls modules, are captured cleanly since capture leaves out
# calls made inside a torchvision model builder.
SKIP: dict[str, str] = {}

# Classification models that are cheap enough for the "ci" test group.
CI = {
    "resnet18",
    "mobilenet_v3_small",
    "squeezenet1_1",
    "shufflenet_v2_x0_5",
    "mnasnet0_5",
    "alexnet",
    "fasterrcnn_mobilenet_v3_large_320_fpn",
    "lraspp_mobilenet_v3_large",
    "r3d_18",
    "raft_small",
}


def family(name: str) -> tuple[str, str]:
    key = name.removeprefix("quantized_")
    best = max((p for p in FAMILIES if key.startswith(p)), key=len)
    return FAMILIES[best]


def header(name: str, task: str) -> str:
    groups = "ci,daily" if name in CI else "daily"
    return f"# labels: name::{name} author::torchvision task::{task} test_group::{groups}\n"


def classification(name: str) -> str:
    fam, paper = family(name)
    extra = ""
    note = ""
    if name.startswith("vit_"):
        extra = ", image_size=height"
        note = (
            "\nViT's position embeddings are sized for a square image of side image_size, so the\n"
            "model is built with image_size=height and needs height == width."
        )
    elif name == "maxvit_t":
        extra = ", input_size=(height, width)"
        note = "\nMaxViT is built for a fixed input_size=(height, width); both must keep every block divisible by its 7x7 partition (224 works)."
    elif name in ("googlenet", "inception_v3"):
        extra = ", init_weights=True"
        note = "\nIn eval mode the auxiliary classifiers are not run; the model returns the main logits."
    if name == "inception_v3":
        note += "\nInception v3 was designed for 299x299 inputs; 224x224 also works (minimum 75x75)."
    return (
        header(name, "image_classification")
        + f'''"""
{fam}: torchvision.models.{name}(weights=None), random weights.
Paper: {paper}
Source: {DOCS}{note}
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.{name}(weights=None{extra}).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
'''
    )


def quantized(name: str) -> str:
    base = name.removeprefix("quantized_")
    fam, paper = family(base)
    extra = ", init_weights=True" if base in ("googlenet", "inception_v3") else ""
    return (
        header(name, "image_classification")
        + f'''"""
Post-training-quantized {fam} (int8): torchvision.models.quantization.{base}(weights=None, quantize=True).
With weights=None torchvision builds the float model with random weights, fuses it, calibrates it
on one random image and converts it to int8 (backend fbgemm), so no download is needed.
Paper: {paper}
Source: https://pytorch.org/vision/stable/models.html#quantized-models
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.quantization.{base}(weights=None, quantize=True{extra}).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
'''
    )


def detection(name: str) -> str:
    fam, paper = family(name)
    if name.startswith("ssd"):
        resize = "SSD models resize every image to their fixed input size (300 or 320) internally."
    elif "320" in name:
        resize = "This low-resolution variant resizes images to 320 pixels (shorter side) internally."
    else:
        resize = "The model's transform resizes images to 800 pixels (shorter side) internally."
    kw = "weights=None, weights_backbone=None"
    return (
        header(name, "object_detection")
        + f'''"""
{fam}: torchvision.models.detection.{name}({kw}), random weights.
Paper: {paper}
Source: {DOCS}#object-detection-instance-segmentation-and-person-keypoint-detection

Detection models take a list of 3-D image tensors (one per image, values in [0, 1]).
{resize}
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.detection.{name}({kw}).eval()
images = [torch.rand(num_channels, height, width) for _ in range(batch_size)]

with torch.no_grad():
    model(images)
'''
    )


def segmentation(name: str) -> str:
    fam, paper = family(name)
    kw = "weights=None, weights_backbone=None"
    return (
        header(name, "semantic_segmentation")
        + f'''"""
{fam}: torchvision.models.segmentation.{name}({kw}), random weights.
Paper: {paper}
Source: {DOCS}#semantic-segmentation
The model returns an OrderedDict with the "out" logits (and "aux" where present).
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.segmentation.{name}({kw}).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
'''
    )


def video(name: str) -> str:
    fam, paper = family(name)
    note = "Video models take clips shaped (batch, channels, frames, height, width); 16 frames here."
    if name.startswith("mvit"):
        note += (
            "\nMViT is built for 16 x 224 x 224 clips (its position embeddings have that fixed size),"
            "\nso it only runs with the default height and width."
        )
    return (
        header(name, "video_classification")
        + f'''"""
{fam}: torchvision.models.video.{name}(weights=None), random weights.
Paper: {paper}
Source: {DOCS}#video-classification
{note}
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])
num_frames = 16

model = torchvision.models.video.{name}(weights=None).eval()
clip = torch.rand(batch_size, num_channels, num_frames, height, width)

with torch.no_grad():
    model(clip)
'''
    )


def optical_flow(name: str) -> str:
    fam, paper = family(name)
    return (
        header(name, "optical_flow")
        + f'''"""
{fam}: torchvision.models.optical_flow.{name}(weights=None), random weights.
Paper: {paper}
Source: {DOCS}#optical-flow
RAFT takes two images (height and width divisible by 8) and returns the list of flow
estimates from its 12 recurrent refinement steps.
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.optical_flow.{name}(weights=None).eval()
image1 = torch.rand(batch_size, num_channels, height, width)
image2 = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(image1, image2)
'''
    )


def main() -> None:
    scripts: dict[str, str] = {}
    for name in tvm.list_models(module=tvm):
        scripts[name] = classification(name)
    for name in tvm.list_models(module=tvm.quantization):
        scripts[name] = quantized(name)
    for name in tvm.list_models(module=tvm.detection):
        scripts[name] = detection(name)
    for name in tvm.list_models(module=tvm.segmentation):
        scripts[name] = segmentation(name)
    for name in tvm.list_models(module=tvm.video):
        scripts[name] = video(name)
    for name in tvm.list_models(module=tvm.optical_flow):
        scripts[name] = optical_flow(name)

    clear(OUT)  # rewrite the whole corpus
    for name, text in sorted(scripts.items()):
        write(OUT, name, text, SKIP.get(name, ""))
    print(f"wrote {len(scripts)} scripts ({len(SKIP)} in skip/) under {OUT.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
