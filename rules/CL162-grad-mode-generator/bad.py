import torch
from torch import nn


class Sampler(nn.Module):
    """A diffusion sampler that keeps the last sample of its progressive loop."""

    def __init__(self):
        super().__init__()
        self.denoise = nn.Linear(4, 4)

    @torch.no_grad()
    def progressive(self, x, steps):
        for _ in range(steps):
            x = x - 0.1 * self.denoise(x)
            yield x

    def forward(self, x):
        final = x
        for sample in self.progressive(x, 3):  # expect: CL162
            final = sample
        return final


def example():
    return Sampler(), (torch.randn(2, 4),)
