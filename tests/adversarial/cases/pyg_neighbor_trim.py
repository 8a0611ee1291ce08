"""trim_to_layer for neighbor-sampled mini-batches: per-hop counts as Python ints, or as a tensor."""
import torch
from torch import nn


def trim_to_layer(layer, num_sampled_nodes_per_hop, num_sampled_edges_per_hop, x, edge_index):
    if layer <= 0:
        return x, edge_index
    num_nodes = x.size(0) - num_sampled_nodes_per_hop[-layer]
    num_edges = edge_index.size(1) - num_sampled_edges_per_hop[-layer]
    x = x.narrow(0, 0, num_nodes)
    edge_index = edge_index.narrow(1, 0, num_edges)
    return x, edge_index


class SageStack(nn.Module):
    def __init__(self):
        super().__init__()
        self.convs = nn.ModuleList([nn.Linear(2, 2) for _ in range(2)])

    def forward(self, x, edge_index, num_sampled_nodes_per_hop, num_sampled_edges_per_hop, hop_counts):
        for i, conv in enumerate(self.convs):
            x, edge_index = trim_to_layer(i, num_sampled_nodes_per_hop, num_sampled_edges_per_hop, x, edge_index)
            x = conv(x)
        keep = x.size(0) - hop_counts[-1]
        return x[:keep]  # expect: CL114


def example():
    return SageStack(), (torch.randn(6, 2), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 4]]), [2, 2, 2], [1, 1, 2],
                         torch.tensor([3, 1]))
