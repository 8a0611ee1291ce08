"""HeteroConv's group(): the outputs of the relations that share a destination are stacked and reduced with
getattr(torch, aggr); torch.max returns a named tuple, picked by an isinstance test."""
import torch
from torch import nn

from b18_pyg_utils import scatter_sum


def group(xs, aggr):
    if len(xs) == 0:
        return None
    out = torch.stack(xs, dim=0)
    out = getattr(torch, aggr)(out, dim=0)
    return out[0] if isinstance(out, tuple) else out


class HeteroConv(nn.Module):
    def __init__(self, dim=4, aggr="max"):
        super().__init__()
        self.aggr = aggr
        self.convs = nn.ModuleDict({"user__follows__user": nn.Linear(dim, dim),
                                    "item__bought_by__user": nn.Linear(dim, dim)})

    def forward(self, x_dict, edge_index_dict):
        out = {}
        for key, ei in edge_index_dict.items():
            src, _, dst = key
            msg = self.convs["__".join(key)](x_dict[src]).index_select(0, ei[0])
            out.setdefault(dst, []).append(scatter_sum(msg, ei[1], x_dict[dst].size(0)))
        return {k: group(v, self.aggr) for k, v in out.items()}


def example():
    x = {"user": torch.randn(3, 4), "item": torch.randn(2, 4)}
    ei = {("user", "follows", "user"): torch.tensor([[0, 1], [1, 2]]),
          ("item", "bought_by", "user"): torch.tensor([[0, 1], [2, 0]])}
    return HeteroConv(), (x, ei)
