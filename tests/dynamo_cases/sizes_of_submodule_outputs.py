"""A size computed as a tensor (`torch.prod(torch.tensor(out.shape[1:]))`) reshaping what submodules returned
(`out = contract_features(c_tensor, x)` in a loop over zipped ModuleLists, curator's MACE symmetric contraction, missed
in held-out 37): the receiver's kind is unknown to the linter, but a value whose own shape the call reads and that
takes `.view(...)` is a tensor, so the tensor size breaks the graph (GB0033). A Python-int size compiles. A module
is no such value: `np.reshape(a, (np.shape(a)[0], 1))` is numpy's function of `a`, and `a` no size (no break)."""
import numpy as np
import torch
from torch import nn


class Contraction(nn.Module):
    def __init__(self, n=4):
        super().__init__()
        self.weighting = nn.ModuleList([nn.Linear(n, n) for _ in range(2)])
        self.features = nn.ModuleList([nn.Linear(n, n) for _ in range(2)])

    def forward(self, x):
        out = x
        for weight, feature in zip(self.weighting, self.features):
            out = feature(weight(out))
        out = out.unsqueeze(-1).repeat(1, 1, 3)
        flat = out.view(out.shape[0], -1)
        resize_shape = torch.prod(torch.tensor(out.shape[1:]))
        return flat + out.view(out.shape[0], resize_shape)  # expect: CL124


class NumpyFunctions(nn.Module):
    def forward(self, x):
        counts = (x > 0).sum(0)
        repeated = np.repeat(counts, np.shape(counts)[0])
        column = np.reshape(counts, (np.shape(counts)[0], 1))
        return torch.as_tensor(repeated).sum() + torch.as_tensor(column).sum()


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.numpy = NumpyFunctions()
        self.contraction = Contraction()

    def forward(self, x):
        return self.numpy(x) + self.contraction(x).sum()


def example():
    return Both(), (torch.randn(5, 4),)
