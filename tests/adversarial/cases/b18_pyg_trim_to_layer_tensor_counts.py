"""Hierarchical neighbour sampling's trim_to_layer: each layer drops the nodes sampled in the last hop; the
per-hop counts arrive as a tensor, so the narrowed length is a 0-d tensor."""
import torch
from torch import nn


def trim_to_layer(layer, num_sampled_nodes, x):
    if layer == 0:
        return x
    keep = x.size(0) - num_sampled_nodes[-layer]
    return x.narrow(0, 0, keep)  # known-miss: CL114


class HierarchicalSAGE(nn.Module):
    def __init__(self, dim=4, num_layers=2):
        super().__init__()
        self.lins = nn.ModuleList([nn.Linear(dim, dim) for _ in range(num_layers)])

    def forward(self, x, num_sampled_nodes):
        for i, lin in enumerate(self.lins):
            x = trim_to_layer(i, num_sampled_nodes, x)
            x = lin(x).relu()
        return x


def example():
    return HierarchicalSAGE(), (torch.randn(7, 4), torch.tensor([2, 3, 2]))
