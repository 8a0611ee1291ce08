"""A scriptable feature extractor: the output list is declared with torch.jit.annotate, stages are collected by
index, and a TorchScript-only branch is behind torch.jit.is_scripting()."""
from typing import List

import torch
from torch import nn


class Features(nn.Module):
    def __init__(self, dim=4, depth=3, out_indices=(0, 2)):
        super().__init__()
        self.stages = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])
        self.out_indices = tuple(out_indices)

    def forward(self, x):
        outs = torch.jit.annotate(List[torch.Tensor], [])
        for i, stage in enumerate(self.stages):
            x = stage(x)
            if i in self.out_indices:
                outs.append(x)
        if torch.jit.is_scripting():
            return outs
        return torch.stack(outs).sum(0)


def example():
    return Features(), (torch.randn(2, 4),)
