"""A Weisfeiler-Lehman convolution refines node colors through a Python hashmap: one-hot inputs are checked
with an assert on tensors and turned into ids, then the colors and the neighbor groups come back as Python
lists (`tolist()`) to be hashed row by row."""
import torch
from torch import nn


class WLConv(nn.Module):
    def __init__(self):
        super().__init__()
        self.hashmap = {}

    def forward(self, x, edge_index):
        if x.dim() > 1:
            assert (x.sum(dim=-1) == 1).sum() == x.size(0)
            x = x.argmax(dim=-1)
        row, col = edge_index
        perm = row.argsort()
        col = col[perm]
        deg = torch.zeros(x.size(0), dtype=torch.long).index_add_(0, row, torch.ones_like(row))
        colors = x.tolist()  # expect: CL112
        groups = col.split(deg.tolist())  # expect: CL112
        out = []
        for node, neighbors in zip(colors, groups):
            key = (node, tuple(sorted(colors[j] for j in neighbors)))  # expect: CL114
            if key not in self.hashmap:
                self.hashmap[key] = len(self.hashmap)
            out.append(self.hashmap[key])
        return torch.tensor(out, device=x.device)


def example():
    x = torch.nn.functional.one_hot(torch.tensor([0, 1, 0, 1]), 2).float()
    return WLConv(), (x, torch.tensor([[0, 1, 2, 3, 1], [1, 2, 3, 0, 0]]))
