import torch
from torch import nn


class SeededNoise(nn.Module):
    def forward(self, x):
        torch.manual_seed(0)  # expect: CL134
        h = x + torch.randn_like(x)
        g = torch.Generator()  # expect: CL134
        g.manual_seed(1)  # expect: CL134
        return h + torch.rand(h.shape, generator=g)  # expect: CL134


def example():
    return SeededNoise(), (torch.randn(2, 8),)
