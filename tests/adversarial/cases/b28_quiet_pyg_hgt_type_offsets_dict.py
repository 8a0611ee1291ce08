"""A heterogeneous graph transformer stacks node features of every type into one tensor, recording each
type's start offset in a dict of Python ints (`offset[node_type] = cumsum; cumsum += x.size(0)`), and splits
the result back by those offsets (compiles)."""
import torch
from torch import nn


class HGTConv(nn.Module):
    def __init__(self, dim=3, node_types=("paper", "author")):
        super().__init__()
        self.kqv = nn.ModuleDict({t: nn.Linear(dim, dim) for t in node_types})

    def _cat(self, x_dict):
        cumsum = 0
        outs, offset = [], {}
        for node_type, x in x_dict.items():
            outs.append(self.kqv[node_type](x))
            offset[node_type] = cumsum
            cumsum += x.size(0)
        return torch.cat(outs, dim=0), offset

    def forward(self, x_dict):
        h, offset = self._cat(x_dict)
        h = torch.softmax(h @ h.t(), dim=-1) @ h
        return {t: h[offset[t] : offset[t] + x.size(0)] for t, x in x_dict.items()}


def example():
    return HGTConv(), ({"paper": torch.randn(3, 3), "author": torch.randn(2, 3)},)
