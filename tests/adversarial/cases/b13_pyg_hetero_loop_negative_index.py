"""A heterogeneous conv loops over edge types and raises on negative indices inside the loop."""
import torch
from torch import nn

from b13_quiet_pyg_base import MessagePassing


class HeteroSum(nn.Module):
    def __init__(self, edge_types=("cites", "writes")):
        super().__init__()
        self.convs = nn.ModuleDict({et: MessagePassing() for et in edge_types})

    def forward(self, x, edge_index_dict):
        out = torch.zeros_like(x)
        for edge_type, edge_index in edge_index_dict.items():
            if (edge_index < 0).any():  # expect: CL101
                raise IndexError(f"negative index in {edge_type}")
            out = out + self.convs[edge_type].propagate(edge_index, x)
        return out


def example():
    edges = {"cites": torch.tensor([[0, 1], [1, 2]]), "writes": torch.tensor([[2], [0]])}
    return HeteroSum(), (torch.randn(3, 4), edges)
