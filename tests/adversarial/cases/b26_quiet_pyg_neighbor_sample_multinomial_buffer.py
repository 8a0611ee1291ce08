"""A sampling aggregator draws `fanout` neighbours per node with `torch.multinomial`; the fanout is a buffer
(a 0-d tensor count compiles: no break)."""
import torch
from torch import nn


class SampledMean(nn.Module):
    def __init__(self, fanout=2):
        super().__init__()
        self.register_buffer("fanout", torch.tensor(fanout))

    def forward(self, x, adj):
        idx = torch.multinomial(adj, self.fanout, replacement=True)
        return x[idx].mean(1)


def example():
    return SampledMean(), (torch.randn(4, 3), torch.rand(4, 4) + 0.1)
