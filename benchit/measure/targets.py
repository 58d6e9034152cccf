"""Training targets for models that compute their own losses in train mode from targets that an
inference call does not pass: torchvision's detection models (Faster, Mask and Keypoint R-CNN,
RetinaNet, FCOS, SSD). Their train step is called with targets made here, the same for every
runtime and every step: one box per image, the middle half of the image, label 1; with a mask
(the box filled) where the model predicts masks, and keypoints (visible, along the box's diagonal)
where it predicts keypoints. Their outputs in train mode are their losses, which the loss rule sums.
"""

from __future__ import annotations

from typing import Any

# What each train result of such a model keeps in ``info["train_inputs"]``.
MADE_TARGETS = (
    "targets made by benchit (one box per image, its middle half, label 1, with a mask or keypoints "
    "where the model predicts them): the model computes its losses from targets in train mode, "
    "which the captured call does not pass"
)


def _detection_classes() -> tuple[type, ...]:
    try:
        from torchvision.models.detection import FCOS, RetinaNet
        from torchvision.models.detection.generalized_rcnn import GeneralizedRCNN
        from torchvision.models.detection.ssd import SSD
    except ImportError:  # torchvision not installed: no such model
        return ()
    return (GeneralizedRCNN, RetinaNet, FCOS, SSD)


def _image_sizes(images: Any) -> list[tuple[int, int]] | None:
    """The (height, width) of each image of a batched 4-D tensor or a list of 3-D tensors."""
    import torch

    if isinstance(images, torch.Tensor) and images.dim() == 4:
        return [(int(images.shape[-2]), int(images.shape[-1]))] * int(images.shape[0])
    if (
        isinstance(images, (list, tuple))
        and images
        and all(isinstance(i, torch.Tensor) and i.dim() == 3 for i in images)
    ):
        return [(int(i.shape[-2]), int(i.shape[-1])) for i in images]
    return None


def _target(model: Any, height: int, width: int, device: Any) -> dict[str, Any]:
    import torch

    box = [width / 4, height / 4, 3 * width / 4, 3 * height / 4]
    target = {
        "boxes": torch.tensor([box], dtype=torch.float32, device=device),
        "labels": torch.ones(1, dtype=torch.int64, device=device),
    }
    heads = getattr(model, "roi_heads", None)
    if getattr(heads, "mask_roi_pool", None) is not None:
        mask = torch.zeros(1, height, width, dtype=torch.uint8, device=device)
        mask[:, height // 4 : 3 * height // 4, width // 4 : 3 * width // 4] = 1
        target["masks"] = mask
    if getattr(heads, "keypoint_roi_pool", None) is not None:
        count = int(heads.keypoint_predictor.kps_score_lowres.out_channels)  # type: ignore[union-attr]
        xs = torch.linspace(box[0] + 1, box[2] - 1, count)
        ys = torch.linspace(box[1] + 1, box[3] - 1, count)
        target["keypoints"] = torch.stack([xs, ys, torch.ones(count)], dim=1).unsqueeze(0).to(device)
    return target


def with_targets(model: Any, args: tuple, kwargs: dict) -> tuple[tuple, dict] | None:
    """``args`` and ``kwargs`` with targets added, for a torchvision detection model called with
    its images only; ``None`` for any other model or call (targets already passed, images of
    another form)."""
    classes = _detection_classes()
    if not classes or not isinstance(model, classes) or len(args) > 1 or "targets" in kwargs:
        return None
    images = args[0] if args else kwargs.get("images")
    sizes = _image_sizes(images)
    if sizes is None:
        return None
    device = (images[0] if isinstance(images, (list, tuple)) else images).device  # type: ignore[union-attr]
    targets = [_target(model, height, width, device) for height, width in sizes]
    if args:
        return (args[0], targets), kwargs
    return args, {**kwargs, "targets": targets}
