"""A heterogeneous convolution that infers each node type's count from its edge indices with a dict
comprehension over the edge-type dictionary (int of a maximum per entry)."""
import torch
from torch import nn

from b16_quiet_pyg_base import scatter_sum


class HeteroSum(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x_dict, edge_index_dict):
        num_nodes = {et[2]: int(ei[1].max()) + 1 for et, ei in edge_index_dict.items()}  # known-miss: CL111
        out = {}
        for (src, _, dst), ei in edge_index_dict.items():
            msg = self.lin(x_dict[src]).index_select(0, ei[0])
            out[dst] = scatter_sum(msg, ei[1], num_nodes[dst])
        return out


def example():
    x = {"paper": torch.randn(3, 4), "author": torch.randn(2, 4)}
    ei = {("author", "writes", "paper"): torch.tensor([[0, 1], [2, 0]]),
          ("paper", "cites", "paper"): torch.tensor([[0, 1], [1, 2]])}
    return HeteroSum(), (x, ei)
