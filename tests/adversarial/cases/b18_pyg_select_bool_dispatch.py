"""A subgraph readout that hands the utils file's select() a node mask: select tells a mask from an index by
dtype, and a boolean mask takes the mask-read branch."""
import torch
from torch import nn

from b18_pyg_utils import select


class MaskedReadout(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.gate = nn.Linear(dim, 1)

    def forward(self, x):
        node_mask = self.gate(x).squeeze(-1) > 0
        h = select(self.lin(x), node_mask)
        return h.sum(0)


def example():
    return MaskedReadout(), (torch.randn(5, 4),)
