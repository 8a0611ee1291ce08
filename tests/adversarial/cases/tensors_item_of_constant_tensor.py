"""`.item()` on a tensor built from a shape and on a registered buffer both break."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("steps", torch.tensor(3))

    def forward(self, x):
        n = torch.tensor(x.shape[0])
        rows = n.item()  # expect: CL111
        k = self.steps.item()  # expect: CL111
        return x * rows * k


def example():
    return Model(), (torch.randn(2, 3),)
