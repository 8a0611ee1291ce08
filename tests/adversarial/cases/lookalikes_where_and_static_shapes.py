"""Three-argument where, `nonzero_static`, one_hot with num_classes, int repeat_interleave: static shapes."""
import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def forward(self, x, labels):
        picked = torch.where(x > 0, x, torch.zeros_like(x))
        fixed = torch.nonzero_static(x > 0, size=6)
        hot = F.one_hot(labels, num_classes=4)
        wide = labels.repeat_interleave(2)
        return picked.sum() + fixed.sum() + hot.sum() + wide.sum()


def example():
    return Model(), (torch.randn(2, 3), torch.tensor([0, 3, 1]))
