"""In-place buffer updates (running statistics) compile."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("running", torch.zeros(3))
        self.momentum = 0.1

    def forward(self, x):
        with torch.no_grad():
            self.running.mul_(1 - self.momentum).add_(x.mean(0) * self.momentum)
        return x - self.running


def example():
    return Model(), (torch.randn(2, 3),)
