"""Enums of a project, as torchvision's transforms spell their options (entry_inputs_of_project_classes.py)."""

import enum

import torch


class Interpolation(enum.Enum):
    NEAREST = "nearest"
    BILINEAR = "bilinear"
    BICUBIC = "bicubic"


class BoxFormat(enum.Enum):
    XYXY = "XYXY"
    CXCYWH = "CXCYWH"


class Boxes(torch.Tensor):
    """A tensor subclass: an input annotated with it is a tensor."""
