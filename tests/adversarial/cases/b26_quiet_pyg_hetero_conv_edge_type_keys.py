"""A heterogeneous convolution keys its per-relation modules by `"src__rel__dst"` strings, splits the key in
forward, and sums the messages per destination type (dict and list mutation, string work)."""
import torch
from torch import nn


class HeteroConv(nn.Module):
    def __init__(self, dim=3, edge_types=(("paper", "cites", "paper"), ("author", "writes", "paper"))):
        super().__init__()
        self.convs = nn.ModuleDict({"__".join(et): nn.Linear(dim, dim) for et in edge_types})

    def forward(self, x_dict, edge_index_dict):
        out = {}
        for key, lin in self.convs.items():
            src, rel, dst = key.split("__")
            edge_index = edge_index_dict[(src, rel, dst)]
            if edge_index.size(1) == 0:
                continue
            msg = lin(x_dict[src]).index_select(0, edge_index[0])
            agg = torch.zeros_like(x_dict[dst]).index_add_(0, edge_index[1], msg)
            out.setdefault(dst, []).append(agg)
        return {k: torch.stack(v).sum(0) for k, v in out.items()}


def example():
    x = {"paper": torch.randn(3, 3), "author": torch.randn(2, 3)}
    e = {("paper", "cites", "paper"): torch.tensor([[0, 1], [1, 2]]),
         ("author", "writes", "paper"): torch.tensor([[0, 1], [2, 0]])}
    return HeteroConv(), (x, e)
