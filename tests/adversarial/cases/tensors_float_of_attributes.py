"""`float()` of a float attribute compiles; of a Parameter it breaks; `int()` of a buffer breaks."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.eps = 1e-5
        self.temperature = nn.Parameter(torch.tensor(2.0))
        self.register_buffer("steps", torch.tensor(3))

    def forward(self, x):
        eps = float(self.eps)
        t = float(self.temperature)  # expect: CL111
        n = int(self.steps)  # expect: CL111
        return x * t * n + eps


def example():
    return Model(), (torch.randn(2, 3),)
