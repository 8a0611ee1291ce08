"""A resize helper takes its interpolation mode unannotated, defaulting to an enum member or a module constant; the
comparisons are enum and int comparisons, never tensor conditions."""
import enum

import torch
from torch import nn
from torch.nn import functional as F

NEAREST, BILINEAR = 0, 1


class Interp(enum.Enum):
    NEAREST = "nearest"
    BILINEAR = "bilinear"


def resize(x, size, interpolation=Interp.BILINEAR, antialias=True):
    if interpolation == Interp.NEAREST:
        antialias = False
    return F.interpolate(x, size=size, mode=interpolation.value, antialias=antialias)


class Resizer(nn.Module):
    def forward(self, x, kernel=BILINEAR):
        if kernel == NEAREST:
            return resize(x, (6, 6), Interp.NEAREST)
        return resize(x, (6, 6))


def example():
    return Resizer(), (torch.randn(1, 1, 4, 4),)
