"""A tensor AutoAugment whose op is drawn once in __init__ with `random.choice` (the draw never runs compiled);
forward applies the chosen op and a per-sample flip drawn with torch."""
import random

import torch
from torch import nn


def _brightness(x):
    return (x * 1.2).clamp(0, 1)


def _invert(x):
    return 1.0 - x


class TensorAutoAugment(nn.Module):
    def __init__(self, seed=0):
        super().__init__()
        rng = random.Random(seed)
        self.op = rng.choice([_brightness, _invert])

    def forward(self, img):
        flip = torch.rand(img.shape[0], 1, 1, 1) < 0.5
        return torch.where(flip, self.op(img), img)


def example():
    return TensorAutoAugment(), (torch.rand(2, 3, 4, 4),)
