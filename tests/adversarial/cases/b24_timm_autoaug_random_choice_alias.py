"""A tensor AutoAugment picks one op per call with `random.choice`, imported under another name."""
from random import choice as pick

import torch
from torch import nn


def _brightness(x):
    return (x * 1.2).clamp(0, 1)


def _invert(x):
    return 1.0 - x


def _identity(x):
    return x


class TensorAutoAugment(nn.Module):
    def __init__(self):
        super().__init__()
        self.ops = [_brightness, _invert, _identity]

    def forward(self, img):
        op = pick(self.ops)  # expect: CL133
        return op(img)


def example():
    return TensorAutoAugment(), (torch.rand(1, 3, 4, 4),)
