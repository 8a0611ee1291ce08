"""A heterogeneous convolution skips relations without edges (`numel() == 0`, a shape) and sums the per-relation
messages with a grouping helper that returns None for an empty list."""
import torch
from torch import nn


def group(xs, aggr="sum"):
    if len(xs) == 0:
        return None
    out = torch.stack(xs, dim=0)
    return out.sum(0) if aggr == "sum" else out.mean(0)


class HeteroConv(nn.Module):
    def __init__(self, dim=4, edge_types=(("a", "to", "b"), ("b", "to", "a"), ("a", "self", "a"))):
        super().__init__()
        self.edge_types = list(edge_types)
        self.lins = nn.ModuleDict({"__".join(et): nn.Linear(dim, dim) for et in self.edge_types})

    def forward(self, x_dict, edge_index_dict):
        out_lists = {k: [] for k in x_dict}
        for et, edge_index in edge_index_dict.items():
            if edge_index.numel() == 0:
                continue
            src, _, dst = et
            row, col = edge_index
            msg = self.lins["__".join(et)](x_dict[src])[row]
            out_lists[dst].append(torch.zeros_like(x_dict[dst]).index_add(0, col, msg))
        return {k: group(v) for k, v in out_lists.items()}


def example():
    x = {"a": torch.randn(2, 4), "b": torch.randn(3, 4)}
    ei = {("a", "to", "b"): torch.tensor([[0, 1], [2, 0]]), ("b", "to", "a"): torch.tensor([[1], [0]]),
          ("a", "self", "a"): torch.zeros(2, 0, dtype=torch.long)}
    return HeteroConv(), (x, ei)
