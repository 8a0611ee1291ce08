"""A `@torch.no_grad()` method called from forward is traced by dynamo: its `.item()` breaks."""
import torch
from torch import nn


class Model(nn.Module):
    @torch.no_grad()
    def _norm(self, x):
        return x.norm().item()  # expect: CL111

    def forward(self, x):
        h = x * 2
        return h / self._norm(h)


def example():
    return Model(), (torch.randn(2, 3),)
