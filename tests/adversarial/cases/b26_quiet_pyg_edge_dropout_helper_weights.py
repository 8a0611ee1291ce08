"""The edge-dropout layer's twin: the helper's mask becomes per-edge weights, every edge kept in `edge_index`."""
import torch
from torch import nn

from b26_pyg_utils import keep_edges_mask


class DropEdgeConv(nn.Module):
    def __init__(self, dim=3, p=0.3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.p = p

    def forward(self, x, edge_index):
        keep = keep_edges_mask(edge_index.size(1), self.p, self.training, edge_index.device)
        w = keep.to(x.dtype).unsqueeze(-1)
        src, dst = edge_index
        return self.lin(x).index_add(0, dst, x.index_select(0, src) * w)


def example():
    return DropEdgeConv().train(), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
