"""A UniPC-style corrector collects 0-d ratios in a Python list, turns them into a tensor with `torch.tensor(rks)`
and solves a small linear system with `torch.linalg.solve`, all in the graph."""
import torch
from torch import nn


class UniPCCorrector(nn.Module):
    def __init__(self):
        super().__init__()
        self.unet = nn.Conv2d(4, 4, 1)
        self.register_buffer("lambdas", torch.tensor([0.1, 0.4, 0.9, 1.5]))

    def forward(self, sample):
        lambda_t = self.lambdas[-1]
        h = lambda_t - self.lambdas[-2]
        rks = []
        for i in range(1, 3):
            rks.append((self.lambdas[-(i + 1)] - self.lambdas[-(i + 2)]) / h)
        rks.append(torch.ones_like(h))
        rks = torch.tensor(rks)
        R = torch.stack([rks ** k for k in range(3)])
        rhos = torch.linalg.solve(R, torch.ones(3))
        return sample + self.unet(sample) * rhos.sum()


def example():
    return UniPCCorrector(), (torch.randn(1, 4, 4, 4),)
