"""Shape, rank, size and length conditions are Python ints under dynamo: no break."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        if x.shape[0] == 0:
            return x
        if x.ndim == 3 or x.dim() > 3:
            x = x.flatten(1)
        if x.numel() > 4 and len(x) > 1:
            x = x * 2
        while x.size(-1) < 4:
            x = torch.cat([x, x], dim=-1)
        return x if x.shape[-1] % 2 == 0 else x[..., :-1]


def example():
    return Model(), (torch.randn(2, 3),)
