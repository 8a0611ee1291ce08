"""Constructor arguments after `*` are parameters like the others: a keyword-only `threshold: torch.Tensor` stored
on self is a tensor attribute, so `if self.threshold:` in forward reads a tensor's value and breaks, as it does for
a positional one; a keyword-only float stored on self and tested the same way is Python's."""
import torch
from torch import nn


class Gate(nn.Module):
    def __init__(self, dim, *, threshold: torch.Tensor, scale: float = 0.5):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.threshold = threshold
        self.scale = scale

    def forward(self, x):
        y = self.proj(x)
        if self.scale:
            y = y * self.scale
        if self.threshold:  # expect: CL101
            y = y * 2
        return y


def example():
    return Gate(4, threshold=torch.tensor(1.0)), (torch.randn(2, 4),)
