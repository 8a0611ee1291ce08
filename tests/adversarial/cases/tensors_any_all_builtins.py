"""Builtin `any`/`all` over Python values compile; over tensor comparisons they branch on data."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x, masks):
        if any(m is None for m in masks):
            return x
        if all(m.shape == x.shape for m in masks):
            x = x * 2
        if any(m.sum() > 0 for m in masks):  # expect: CL101
            x = x + 1
        return x


def example():
    return Model(), (torch.randn(2, 3), [torch.randn(2, 3), torch.randn(2, 3)])
