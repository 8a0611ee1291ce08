"""trim_to_layer with the per-hop counts as a Python list (as a loader hands them): the narrowed length is an
int."""
import torch
from torch import nn


def trim_to_layer(layer, num_sampled_nodes, x):
    if layer == 0 or num_sampled_nodes is None:
        return x
    keep = x.size(0) - num_sampled_nodes[-layer]
    return x.narrow(0, 0, keep)


class HierarchicalSAGE(nn.Module):
    def __init__(self, dim=4, num_layers=2, num_sampled_nodes=(2, 3, 2)):
        super().__init__()
        self.num_sampled_nodes = list(num_sampled_nodes)
        self.lins = nn.ModuleList([nn.Linear(dim, dim) for _ in range(num_layers)])

    def forward(self, x):
        for i, lin in enumerate(self.lins):
            x = trim_to_layer(i, self.num_sampled_nodes, x)
            x = lin(x).relu()
        return x


def example():
    return HierarchicalSAGE(), (torch.randn(7, 4),)
