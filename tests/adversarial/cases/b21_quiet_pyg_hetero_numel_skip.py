"""A heterogeneous convolution loops over the edge-type dict and skips relations without edges (`numel() == 0`, a
shape), summing messages into the destination node type with `index_add`."""
import torch
from torch import nn


class HeteroConv(nn.Module):
    def __init__(self, dim=8, edge_types=(("user", "rates", "item"), ("item", "rev", "user"),
                                          ("user", "follows", "user"))):
        super().__init__()
        self.lins = nn.ModuleDict({"__".join(et): nn.Linear(dim, dim) for et in edge_types})

    def forward(self, x_dict, edge_index_dict):
        out = {k: torch.zeros_like(v) for k, v in x_dict.items()}
        for edge_type, edge_index in edge_index_dict.items():
            if edge_index.numel() == 0:
                continue
            src, _, dst = edge_type
            msg = self.lins["__".join(edge_type)](x_dict[src])[edge_index[0]]
            out[dst] = out[dst].index_add(0, edge_index[1], msg)
        return out


def example():
    x = {"user": torch.randn(3, 8), "item": torch.randn(4, 8)}
    e = {("user", "rates", "item"): torch.tensor([[0, 1], [2, 3]]),
         ("item", "rev", "user"): torch.tensor([[2, 3], [0, 1]]),
         ("user", "follows", "user"): torch.empty(2, 0, dtype=torch.long)}
    return HeteroConv(), (x, e)
