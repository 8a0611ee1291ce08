"""Local list appends, dict updates and attribute writes compile."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        outs = []
        cache = {}
        for i in range(2):
            outs.append(x * i)
            cache[f"layer{i}"] = outs[-1]
        cache.update(last=outs[-1])
        setattr(self, "last_shape", x.shape)
        return torch.stack(outs).sum(0) + cache["last"]


def example():
    return Model(), (torch.randn(2, 3),)
