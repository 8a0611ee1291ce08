"""Sizes of more torch functions and tensor methods (compilelint/sizes.py): `F.interpolate`'s size (and the deprecated
`F.upsample*`), an adaptive pool's output size, `F.pad`'s pads, `broadcast_to`'s shape (function and method),
`logspace`'s steps, `randint`'s low and high, and the keyword spellings `.view(size=)`, `.expand(size=)`,
`.repeat(repeats=)`. A tensor value there is a data-dependent operator (GB0033) on 2.13, as for `torch.zeros(n)`.
Each size is computed afresh: a 0-d int64 tensor that reaches a resume function is specialized there and compiles
(see int32_sizes.py). `F.pad(x, pad=...)` by keyword is in
sizes_of_pads_by_keyword.py: dynamo reports a second tensor-padded `F.pad` of one example inside
torch/nn/functional.py. Not here: a tensor `scale_factor=` (an error in eager: interpolate wants floats) and
`torch.nn.Upsample(size=n)(x)` built in the graph (no break on 2.13)."""

import torch
import torch.nn.functional as F
from torch import nn


class MoreSizes(nn.Module):
    def forward(self, x):
        up = F.interpolate(x, size=((x > 100).sum() + 4, 4))  # expect: CL124
        scaled = F.interpolate(x, ((x > 100).sum() + 4, 4))  # expect: CL124
        nearest = F.upsample_nearest(x, size=(x > 100).sum() + 4)  # expect: CL124
        pooled = F.adaptive_avg_pool1d(x[0], (x > 100).sum() + 2)  # expect: CL124
        cells = F.adaptive_max_pool2d(x, output_size=((x > 100).sum() + 2, 2))  # expect: CL124
        cubes = F.adaptive_avg_pool3d(x[None], ((x > 100).sum() + 2, 2, 2))  # expect: CL124
        padded = F.pad(x, (0, (x > 100).sum() + 1))  # expect: CL124
        wide = torch.broadcast_to(x[0, 0, 0], ((x > 100).sum() + 2, 4))  # expect: CL124
        wider = x[0, 0, 0].broadcast_to(size=((x > 100).sum() + 2, 4))  # expect: CL124
        ramp = torch.logspace(0, 1, steps=(x > 100).sum() + 2)  # expect: CL124
        below = torch.randint((x > 100).sum() + 3, (4,))  # expect: CL124
        between = torch.randint(low=(x > 100).sum(), high=10, size=(4,))  # expect: CL124
        flat = x.view(size=((x > 100).sum() + 1, 2, 4, 4))  # expect: CL124
        rows = x[0, 0, 0].expand(size=((x > 100).sum() + 2, 4))  # expect: CL124
        tiled = x.repeat(repeats=((x > 100).sum() + 1, 1, 1, 1))  # expect: CL124
        return (up.sum() + scaled.sum() + nearest.sum() + pooled.sum() + cells.sum() + cubes.sum() + padded.sum()
                + wide.sum() + wider.sum() + ramp.sum() + below.sum() + between.sum() + flat.sum()
                + rows.sum() + tiled.sum())


class MoreShapes(nn.Module):
    """The same sizes from shapes, constants and configuration are Python ints: nothing breaks."""

    def __init__(self, out_size: int = 3, pad: int = 2):
        super().__init__()
        self.out_size = out_size
        self.pad = pad

    def forward(self, x):
        up = F.interpolate(x, size=(x.shape[2] * 2, 4))
        nearest = F.upsample_nearest(x, size=self.out_size * 2)
        pooled = F.adaptive_avg_pool1d(x[0], x.shape[-1] // 2)
        cells = F.adaptive_max_pool2d(x, output_size=(self.out_size, 2))
        padded = F.pad(x, (0, self.pad))
        framed = F.pad(x, pad=(0, 0, 0, x.shape[-2] % 3), value=0.0)
        wide = torch.broadcast_to(x[0, 0, 0], (x.shape[1], 4))
        wider = x[0, 0, 0].broadcast_to(size=(self.out_size, 4))
        ramp = torch.logspace(0, 1, steps=x.shape[-1], dtype=x.dtype)
        below = torch.randint(x.shape[-1], (4,))
        between = torch.randint(low=0, high=self.out_size, size=(4,))
        flat = x.view(size=(x.shape[0] * 2, -1))
        rows = x[0, 0, 0].expand(size=(self.out_size, 4))
        tiled = x.repeat(repeats=(x.shape[0], 1, 1, 1))
        return (up.sum() + nearest.sum() + pooled.sum() + cells.sum() + padded.sum() + framed.sum() + wide.sum()
                + wider.sum() + ramp.sum() + below.sum() + between.sum() + flat.sum() + rows.sum() + tiled.sum())


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.sizes = MoreSizes()
        self.shapes = MoreShapes()

    def forward(self, x):
        return self.shapes(x) + self.sizes(x)


def example():
    return Both(), (torch.randn(1, 2, 4, 4),)
