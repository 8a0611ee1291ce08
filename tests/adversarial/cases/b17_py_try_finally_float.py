"""A forward that records the output norm in a `finally` clause, so the record happens even if the layer
raises."""
import torch
from torch import nn


class Recorded(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.norms = []

    def forward(self, x):
        out = x
        try:
            out = self.lin(x).relu()
        finally:
            self.norms.append(float(out.norm()))  # expect: CL111, CL203
        return out


def example():
    return Recorded(), (torch.randn(2, 4),)
