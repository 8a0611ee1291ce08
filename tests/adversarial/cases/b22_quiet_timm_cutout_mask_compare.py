"""Cutout kept in the graph: per-sample corners are drawn as tensors and the hole is a mask made by comparing
row and column aranges with them, applied by `masked_fill`."""
import torch
from torch import nn


class Cutout(nn.Module):
    def __init__(self, length=2):
        super().__init__()
        self.length = length

    def forward(self, img):
        b, _, h, w = img.shape
        ys = torch.randint(0, h - self.length, (b, 1, 1))
        xs = torch.randint(0, w - self.length, (b, 1, 1))
        rows = torch.arange(h).view(1, h, 1)
        cols = torch.arange(w).view(1, 1, w)
        hole = (rows >= ys) & (rows < ys + self.length) & (cols >= xs) & (cols < xs + self.length)
        return img.masked_fill(hole.unsqueeze(1), 0.0)


def example():
    return Cutout(), (torch.rand(2, 3, 6, 6),)
