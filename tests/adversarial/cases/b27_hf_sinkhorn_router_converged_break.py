"""A balanced MoE router normalises its assignment matrix with Sinkhorn iterations and stops early once the column
scale stops moving: a tensor tolerance test that leaves the loop."""
import torch
from torch import nn


def sinkhorn(cost, iters=5, tol=1e-3):
    d0 = torch.ones(cost.size(0))
    d1 = torch.ones(cost.size(1))
    for _ in range(iters):
        prev = d1
        d0 = 1.0 / (cost @ d1 * cost.size(0))
        d1 = 1.0 / (d0 @ cost * cost.size(1))
        if (d1 - prev).abs().max() < tol:  # expect: CL101
            break
    return d0[:, None] * cost * d1[None, :]


class SinkhornRouter(nn.Module):
    def __init__(self, dim=4, experts=3):
        super().__init__()
        self.gate = nn.Linear(dim, experts)

    def forward(self, x):
        logits = self.gate(x.flatten(0, 1))
        return sinkhorn(logits.exp()).argmax(-1)


def example():
    return SinkhornRouter(), (torch.randn(2, 3, 4),)
