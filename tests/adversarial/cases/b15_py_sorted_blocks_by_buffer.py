"""Adapters applied in priority order: `sorted(self.adapters, key=lambda a: a.priority)` where each
adapter's priority is a buffer (so it is saved and can be tuned)."""
import torch
from torch import nn


class Adapter(nn.Module):
    def __init__(self, dim, priority):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.register_buffer("priority", torch.tensor(float(priority)))

    def forward(self, x):
        return x + self.proj(x)


class AdapterStack(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.adapters = nn.ModuleList(Adapter(dim, p) for p in (2, 0, 1))

    def forward(self, x):
        ordered = sorted(self.adapters, key=lambda a: a.priority)  # known-miss: CL148
        for adapter in ordered:
            x = adapter(x)
        return x


def example():
    return AdapterStack(), (torch.randn(2, 8),)
