import torch
from torch import nn


class RateCoder(nn.Module):
    def __init__(self, num_steps):
        super().__init__()
        self.num_steps = num_steps

    def forward(self, data: torch.Tensor):
        repeated = data.repeat(  # expect: CL179
            tuple(
                [self.num_steps]
                + torch.ones(data.dim(), dtype=torch.long).tolist()  # expect: CL112
            )
        )
        return torch.bernoulli(repeated.clamp(0, 1))


def example():
    return RateCoder(3), (torch.rand(2, 8),)
