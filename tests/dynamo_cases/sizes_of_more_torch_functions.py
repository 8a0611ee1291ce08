"""The sizes the engine's table named before CL124's did (one table now, compilelint/sizes.py): `F.interpolate`'s
size, an adaptive pool's output size, `torch.broadcast_to`'s shape, `torch.logspace`'s steps, and a `size=` keyword
of any torch function (`torch.normal(0, 1, size=(n,))`). A tensor value there is a data-dependent operator (GB0033)
on 2.13, as for `torch.zeros(n)`. Each size is computed afresh (see keyword_sizes.py)."""

import torch
import torch.nn.functional as F
from torch import nn


class MoreSizes(nn.Module):
    def forward(self, x):
        up = F.interpolate(x, size=((x > 100).sum() + 4, 4))  # expect: CL124
        scaled = F.interpolate(x, ((x > 100).sum() + 4, 4))  # expect: CL124
        pooled = F.adaptive_avg_pool1d(x[0], (x > 100).sum() + 2)  # expect: CL124
        wide = torch.broadcast_to(x[0, 0, 0], ((x > 100).sum() + 2, 4))  # expect: CL124
        ramp = torch.logspace(0, 1, (x > 100).sum() + 2)  # expect: CL124
        noise = torch.normal(0.0, 1.0, size=((x > 100).sum() + 2,))  # expect: CL124
        return up.sum() + scaled.sum() + pooled.sum() + wide.sum() + ramp.sum() + noise.sum()


class MoreShapes(nn.Module):
    """The same sizes from shapes and constants are Python ints: nothing breaks."""

    def forward(self, x):
        up = F.interpolate(x, size=(x.shape[2] * 2, 4))
        pooled = F.adaptive_avg_pool1d(x[0], x.shape[-1] // 2)
        wide = torch.broadcast_to(x[0, 0, 0], (x.shape[1], 4))
        ramp = torch.logspace(0, 1, x.shape[-1], dtype=x.dtype)
        noise = torch.normal(0.0, 1.0, size=(x.shape[0],), dtype=x.dtype)
        return up.sum() + pooled.sum() + wide.sum() + ramp.sum() + noise.sum()


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.sizes = MoreSizes()
        self.shapes = MoreShapes()

    def forward(self, x):
        return self.shapes(x) + self.sizes(x)


def example():
    return Both(), (torch.randn(1, 2, 4, 4),)
