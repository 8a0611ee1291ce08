"""A heterogeneous convolution that reads each node type's count from its feature matrix, loops over the
edge-type dictionary unpacking the (src, rel, dst) keys, and sums per destination with torch.stack."""
import torch
from torch import nn

from b16_quiet_pyg_base import scatter_sum


class HeteroSum(nn.Module):
    def __init__(self, dim=4, edge_types=(("author", "writes", "paper"), ("paper", "cites", "paper"))):
        super().__init__()
        self.convs = nn.ModuleDict({"__".join(et): nn.Linear(dim, dim) for et in edge_types})

    def forward(self, x_dict, edge_index_dict):
        num_nodes = {nt: x.size(0) for nt, x in x_dict.items()}
        out = {}
        for edge_type, ei in edge_index_dict.items():
            src, rel, dst = edge_type
            msg = self.convs["__".join(edge_type)](x_dict[src]).index_select(0, ei[0])
            out.setdefault(dst, []).append(scatter_sum(msg, ei[1], num_nodes[dst]))
        return {nt: torch.stack(v).sum(0) for nt, v in out.items()}


def example():
    x = {"paper": torch.randn(3, 4), "author": torch.randn(2, 4)}
    ei = {("author", "writes", "paper"): torch.tensor([[0, 1], [2, 0]]),
          ("paper", "cites", "paper"): torch.tensor([[0, 1], [1, 2]])}
    return HeteroSum(), (x, ei)
