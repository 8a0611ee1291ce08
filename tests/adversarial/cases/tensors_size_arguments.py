"""Factory sizes from shapes compile; from tensor values they break; a tensor fill value is fine."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x, labels):
        a = torch.zeros(x.size())
        b = x.new_zeros(x.shape)
        c = torch.full((x.shape[0],), 2.0) * x.mean()
        d = torch.zeros(len(labels))
        e = torch.arange(labels.max())  # expect: CL124
        return a.sum() + b.sum() + c.sum() + d.sum() + e.sum()


def example():
    return Model(), (torch.randn(2, 3), torch.tensor([1, 3]))
