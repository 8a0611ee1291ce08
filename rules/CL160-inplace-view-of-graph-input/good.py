import torch
from torch import nn


class Augment(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x, detach=True):
        h = self.proj(x)
        scale = 2.0 if x.shape[0] > 1 else 1.0
        if detach:
            h.detach_()  # no break before: h is made in this graph, and detaching it in place compiles
        return h * scale


def example():
    return Augment(), (torch.randn(2, 8),)
