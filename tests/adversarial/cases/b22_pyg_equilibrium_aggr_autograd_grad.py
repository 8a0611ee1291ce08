"""An equilibrium aggregation (EquilibriumAggregation style): the aggregate is the minimiser of a learned energy,
found by a few gradient steps taken with `torch.autograd.grad` inside forward."""
import torch
from torch import nn


class EquilibriumAggregation(nn.Module):
    def __init__(self, dim=3, steps=2, lr=0.1):
        super().__init__()
        self.potential = nn.Linear(dim * 2, 1)
        self.steps = steps
        self.lr = lr

    def energy(self, x, y, index, dim_size):
        pairs = torch.cat([x, y[index]], dim=-1)
        per_node = torch.zeros(dim_size, 1).index_add_(0, index, self.potential(pairs))
        return per_node.sum() + 0.5 * (y ** 2).sum()

    def forward(self, x, index, dim_size: int):
        y = torch.zeros(dim_size, x.shape[1]).requires_grad_()
        for _ in range(self.steps):
            with torch.enable_grad():
                e = self.energy(x, y, index, dim_size)
                (g,) = torch.autograd.grad(e, y, create_graph=True)  # expect: CL147
            y = y - self.lr * g
        return y


def example():
    return EquilibriumAggregation(), (torch.randn(4, 3), torch.tensor([0, 0, 1, 1]), 2)
