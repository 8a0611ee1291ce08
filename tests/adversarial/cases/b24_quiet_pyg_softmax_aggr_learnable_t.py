"""SoftmaxAggregation with a learnable temperature: `not isinstance(t, (int, float)) or t != 1` short-circuits on
the parameter, so the tensor comparison is never evaluated."""
import torch
from torch import nn


class SoftmaxAggregation(nn.Module):
    def __init__(self, t=1.0, learn=True):
        super().__init__()
        self.t = nn.Parameter(torch.tensor(t)) if learn else t

    def forward(self, x, index, dim_size: int):
        t = self.t
        alpha = x
        if not isinstance(t, (int, float)) or t != 1:
            alpha = x * t
        alpha = alpha - alpha.max()
        alpha = alpha.exp()
        denom = x.new_zeros(dim_size, x.size(1)).index_add_(0, index, alpha)
        alpha = alpha / denom[index]
        return x.new_zeros(dim_size, x.size(1)).index_add_(0, index, x * alpha)


def example():
    return SoftmaxAggregation(), (torch.randn(5, 3), torch.tensor([0, 0, 1, 2, 2]), 3)
