"""`torch.enable_grad()` / `torch.set_grad_enabled` contexts and reading `.grad`: no break."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(3))

    def forward(self, x):
        with torch.enable_grad(), torch.set_grad_enabled(True):
            h = x * self.w
        if self.w.grad is not None:
            h = h - self.w.grad
        return h


def example():
    return Model(), (torch.randn(2, 3),)
