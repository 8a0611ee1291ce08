"""A model whose forward runs a list of user callbacks on the activations; the verbose callback prints the
activation norm (added with add_callback in __init__)."""
import torch
from torch import nn


def verbose_callback(step, h):
    print(f"step {step}: norm", h.norm())  # known-miss: CL131
    return h


def clamp_callback(step, h):
    return h.clamp(-5, 5)


class CallbackNet(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self._callbacks = []
        self.add_callback(clamp_callback)
        self.add_callback(verbose_callback)

    def add_callback(self, fn):
        self._callbacks.append(fn)

    def forward(self, x):
        h = self.lin(x)
        for i, cb in enumerate(self._callbacks):
            h = cb(i, h)
        return h


def example():
    return CallbackNet(), (torch.randn(2, 4),)
