"""A heterogeneous convolution skips relations whose edges all carry zero weight; the test lives in a small
helper that returns a Python bool."""
import torch
from torch import nn


def _is_empty(edge_weight):
    return bool((edge_weight.abs().sum() == 0))  # expect: CL111


class HeteroConv(nn.Module):
    def __init__(self, dim=4, edge_types=(("a", "to", "b"), ("b", "to", "a"))):
        super().__init__()
        self.edge_types = list(edge_types)
        self.lins = nn.ModuleDict({"__".join(et): nn.Linear(dim, dim) for et in self.edge_types})

    def forward(self, x_dict, edge_index_dict, edge_weight_dict):
        out = dict(x_dict)
        for et in self.edge_types:
            src, _, dst = et
            ew = edge_weight_dict[et]
            if _is_empty(ew):
                continue
            row, col = edge_index_dict[et]
            msg = self.lins["__".join(et)](x_dict[src])[row] * ew.unsqueeze(-1)
            out[dst] = out[dst] + torch.zeros_like(out[dst]).index_add(0, col, msg)
        return out


def example():
    x = {"a": torch.randn(2, 4), "b": torch.randn(3, 4)}
    ei = {("a", "to", "b"): torch.tensor([[0, 1], [2, 0]]), ("b", "to", "a"): torch.tensor([[1], [0]])}
    ew = {("a", "to", "b"): torch.rand(2), ("b", "to", "a"): torch.zeros(1)}
    return HeteroConv(), (x, ei, ew)
