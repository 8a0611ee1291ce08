"""A tensor RandAugment: each op of the policy is applied with probability `prob`; the draw is made by a small
method that returns the comparison, and the caller tests it."""
import torch
from torch import nn


def _brightness(x, mag):
    return x * (1.0 + mag)


def _invert(x, mag):
    return 1.0 - x


def _shift(x, mag):
    return torch.roll(x, shifts=1, dims=-1)


_OPS = {"Brightness": _brightness, "Invert": _invert, "Shift": _shift}


class RandAugment(nn.Module):
    def __init__(self, policy=("Brightness", "Invert", "Shift"), prob=0.5, magnitude=0.3):
        super().__init__()
        self.ops = [_OPS[name] for name in policy]
        self.prob = prob
        self.magnitude = magnitude

    def _should_apply(self):
        return torch.rand(()) < self.prob

    def forward(self, img):
        for op in self.ops:
            if self._should_apply():  # expect: CL101
                img = op(img, self.magnitude)
        return img


def example():
    return RandAugment(), (torch.rand(1, 3, 4, 4),)
