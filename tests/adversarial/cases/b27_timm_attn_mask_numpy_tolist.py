"""A window attention builds its shift mask region ids with numpy in forward and reads them back with ndarray
`.tolist()` to count the regions in Python."""
import numpy as np
import torch
from torch import nn


class ShiftedWindowMask(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        ids = np.asarray(x[0, :, 0] > 0)
        regions = len(set(ids.tolist()))  # expect: CL112
        return self.proj(x) * regions


def example():
    return ShiftedWindowMask(), (torch.randn(2, 3, 4),)
