"""Sizes of `tile` (function and method, `dims=`), `unflatten` (function and method, `sizes=`) and `empty_strided`
(its size and its stride): a tensor value there is a data-dependent operator (GB0033) on 2.13, as for
`torch.zeros(n)`. Each size is computed afresh (see sizes_of_more_torch_functions.py). The same calls sized by shapes
and constants compile."""

import torch
from torch import nn


class TensorSized(nn.Module):
    def forward(self, x):
        a = x.tile(((x > 100).sum() + 2, 1))  # expect: CL124
        b = torch.tile(x, ((x > 100).sum() + 2, 1))  # expect: CL124
        c = x.reshape(-1).unflatten(0, ((x > 100).sum() + 2, -1))  # expect: CL124
        d = torch.empty_strided(((x > 100).sum() + 2, 2), (2, 1))  # expect: CL124
        e = torch.unflatten(x.reshape(-1), 0, ((x > 100).sum() + 2, -1))  # expect: CL124
        f = x.tile(dims=((x > 100).sum() + 2, 1))  # expect: CL124
        g = torch.empty_strided(size=((x > 100).sum() + 2, 2), stride=(2, 1))  # expect: CL124
        h = x.reshape(-1).unflatten(dim=0, sizes=((x > 100).sum() + 2, -1))  # expect: CL124
        i = torch.empty_strided((2, 2), ((x > 100).sum() + 2, 1))  # expect: CL124
        return a.sum() + b.sum() + c.sum() + d.sum() + e.sum() + f.sum() + g.sum() + h.sum() + i.sum()


class ShapeSized(nn.Module):
    def forward(self, x):
        a = x.tile((x.shape[0], 1))
        b = torch.tile(x, dims=(2, 1))
        c = x.reshape(-1).unflatten(0, (x.shape[0], -1))
        d = torch.empty_strided((x.shape[0], 2), (2, 1))
        e = torch.unflatten(x, 1, sizes=(2, x.shape[1] // 2))
        return a.sum() + b.sum() + c.sum() + d.sum() + e.sum()


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.tensor_sized = TensorSized()
        self.shape_sized = ShapeSized()

    def forward(self, x):
        return self.shape_sized(x) + self.tensor_sized(x)


def example():
    return Both(), (torch.randn(4, 6),)
