import torch
from torch import nn


class RateCoder(nn.Module):
    def __init__(self, num_steps):
        super().__init__()
        self.num_steps = num_steps

    def forward(self, data: torch.Tensor):
        repeats = (self.num_steps,) + (1,) * data.dim()
        repeated = data.repeat(
            repeats
        )
        return torch.bernoulli(repeated.clamp(0, 1))


def example():
    return RateCoder(3), (torch.rand(2, 8),)
