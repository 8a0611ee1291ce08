"""Mutating Python state from compiled code: dict stores, setattr, global tensor assignment, tensor
hooks, .data writes. Replayed as side effects, no break."""
import torch
from torch import nn

_LAST = None


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(4))
        self.stats = {}

    def forward(self, x):
        global _LAST
        h = x * self.w
        self.stats["mean"] = h.mean()
        setattr(self, "last_h", h)
        _LAST = h.detach()
        if h.requires_grad:
            h.register_hook(lambda g: g * 0.5)
        self.w.data = self.w.data.clamp(-1, 1)
        return h.sum()


def example():
    return Model(), (torch.randn(2, 4),)
