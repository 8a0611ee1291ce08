"""`@torch.jit.unused` / `@torch.jit.ignore` mean nothing to dynamo: the method is traced."""
import torch
from torch import nn


class Model(nn.Module):
    @torch.jit.unused
    def _debug(self, x):
        print("debug")  # expect: CL131
        return x

    @torch.jit.ignore
    def _host(self, x):
        return x * x.max().item()  # expect: CL111

    def forward(self, x):
        h = x + 1
        return self._host(self._debug(h))


def example():
    return Model(), (torch.randn(2, 3),)
