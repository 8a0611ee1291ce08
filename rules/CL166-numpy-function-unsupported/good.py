import numpy as np
import torch
from torch import nn


class OrientationPool(nn.Module):
    def forward(self, x):
        flat = x.flatten(1).argmax(1)
        rows = torch.unravel_index(flat, (3, 4))[0]
        # functions torch._numpy has are traced as tensor ops
        picked = torch.as_tensor(np.take_along_axis(x.numpy(), np.zeros((2, 1, 4), dtype=np.int64), 1))
        return x[:, rows].sum(1) + picked.sum(1)


class Masked(nn.Module):
    def forward(self, x):
        keep = torch.isin(x.round(), torch.tensor([0.0, 1.0]))
        return x * keep + x.nanmean()


def example():
    return nn.Sequential(OrientationPool(), Masked()), (torch.randn(2, 3, 4),)
