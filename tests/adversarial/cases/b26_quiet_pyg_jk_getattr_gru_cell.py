"""Jumping knowledge's twin: `getattr(nn, cell_name)` builds an `nn.GRUCell`, stepped over the layer stack."""
import torch
from torch import nn


class JumpingKnowledge(nn.Module):
    def __init__(self, dim=3, cell_name="GRUCell"):
        super().__init__()
        self.cell = getattr(nn, cell_name)(dim, dim)
        self.att = nn.Linear(dim, 1)

    def forward(self, xs):
        h = torch.zeros_like(xs[0])
        hs = []
        for x in xs:
            h = self.cell(x, h)
            hs.append(h)
        hs = torch.stack(hs, dim=1)
        alpha = self.att(hs).softmax(dim=1)
        return (torch.stack(xs, dim=1) * alpha).sum(1)


def example():
    return JumpingKnowledge(), ([torch.randn(4, 3), torch.randn(4, 3)],)
