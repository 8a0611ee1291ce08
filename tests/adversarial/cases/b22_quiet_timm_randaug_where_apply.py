"""The batched form of a tensor RandAugment: each op is computed for the whole batch and kept per sample by
`torch.where` on a drawn mask, so no Python decision rests on a draw."""
import torch
from torch import nn


def _brightness(x, mag):
    return x * (1.0 + mag)


def _invert(x, mag):
    return 1.0 - x


_OPS = {"Brightness": _brightness, "Invert": _invert}


class BatchRandAugment(nn.Module):
    def __init__(self, policy=("Brightness", "Invert"), prob=0.5, magnitude=0.3):
        super().__init__()
        self.ops = [_OPS[name] for name in policy]
        self.prob = prob
        self.magnitude = magnitude

    def _apply_mask(self, img):
        return (torch.rand(img.shape[0], 1, 1, 1) < self.prob)

    def forward(self, img):
        for op in self.ops:
            img = torch.where(self._apply_mask(img), op(img, self.magnitude), img)
        return img


def example():
    return BatchRandAugment(), (torch.rand(2, 3, 4, 4),)
