"""Entry points (torch.compile(f), as compiled-roots declare every function of a module) whose inputs are annotated
with a project class from another module, an enum: torchvision's v2 functionals take `interpolation:
InterpolationMode` and `format: BoundingBoxFormat`. They are called with a member of the enum, not a tensor, so
comparing one with another member is a Python comparison. Nothing here breaks under dynamo."""
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the helpers package next to this file
from interproc_helpers.modes import BoxFormat, Interpolation  # noqa: E402


def native_resize(interpolation: Interpolation) -> bool:
    if interpolation == Interpolation.BILINEAR:
        return True
    return interpolation == Interpolation.BICUBIC or interpolation == Interpolation.NEAREST


def horizontal_flip(boxes: torch.Tensor, box_format: BoxFormat, width: int) -> torch.Tensor:
    if box_format == BoxFormat.XYXY:
        return torch.stack([width - boxes[:, 2], boxes[:, 1], width - boxes[:, 0], boxes[:, 3]], dim=1)
    return torch.stack([width - boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3]], dim=1)


compiled_native_resize = torch.compile(native_resize)
compiled_horizontal_flip = torch.compile(horizontal_flip)


def resize_and_flip(boxes):
    if native_resize(Interpolation.BILINEAR):
        boxes = boxes * 2
    return horizontal_flip(boxes, BoxFormat.XYXY, 64)


def example():
    return resize_and_flip, (torch.rand(3, 4) * 32,)
