"""Mask writes, three-argument where, masked_fill, index_select, static repeat_interleave and one_hot
with num_classes: names that look dynamic-shaped and are not."""
import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def __init__(self, num_classes=5):
        super().__init__()
        self.num_classes = num_classes

    def forward(self, x, labels, idx):
        x = x.clone()
        x[x < 0] = 0
        x[:, labels == 1] = 1.0
        y = torch.where(x > 0.5, x, torch.zeros_like(x))
        y = y.masked_fill(y > 0.9, 0.9)
        onehot = F.one_hot(labels, self.num_classes)
        rep = torch.repeat_interleave(y, 2, dim=0)
        sel = y.index_select(0, idx)
        rep2 = y.repeat_interleave(torch.tensor([1, 2, 1]), dim=0, output_size=4)
        return y, onehot, rep, sel, rep2


def example():
    return Model(), (torch.randn(3, 4), torch.tensor([0, 1, 3, 1]), torch.tensor([2, 0]))
