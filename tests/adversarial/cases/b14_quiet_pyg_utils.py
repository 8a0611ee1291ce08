"""A graph library's utils file: `scatter_sum` with the size given, `add_self_loops` / `to_undirected` that only
concatenate, a `Data` holder with properties read from shapes, and `softmax` over a segment index. The other b14
graph cases import it."""
import torch
from torch import nn


def scatter_sum(src, index, dim_size):
    out = src.new_zeros((dim_size,) + tuple(src.shape[1:]))
    return out.index_add_(0, index, src)


def add_self_loops(edge_index, num_nodes):
    loop = torch.arange(num_nodes, device=edge_index.device).unsqueeze(0).repeat(2, 1)
    return torch.cat([edge_index, loop], dim=1)


def to_undirected(edge_index, num_nodes=None):
    return torch.cat([edge_index, edge_index.flip(0)], dim=1)


def softmax(src, index, num_nodes):
    src_max = src.new_full((num_nodes,) + tuple(src.shape[1:]), float("-inf"))
    src_max = src_max.scatter_reduce(0, index.view(-1, *([1] * (src.dim() - 1))).expand_as(src), src, "amax")
    out = (src - src_max.index_select(0, index)).exp()
    return out / (scatter_sum(out, index, num_nodes).index_select(0, index) + 1e-16)


class Data:
    def __init__(self, x=None, edge_index=None, batch=None):
        self.x, self.edge_index, self.batch = x, edge_index, batch

    @property
    def num_nodes(self):
        return self.x.size(0)

    @property
    def num_edges(self):
        return self.edge_index.size(1)

    @property
    def num_node_features(self):
        return 0 if self.x is None else self.x.size(-1)


class _Conv(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        data = Data(x, to_undirected(edge_index))
        ei = add_self_loops(data.edge_index, data.num_nodes)
        w = softmax(torch.ones(ei.size(1)), ei[1], data.num_nodes)
        return scatter_sum(self.lin(x).index_select(0, ei[0]) * w.view(-1, 1), ei[1], data.num_nodes)


def example():
    return _Conv(), (torch.randn(3, 4), torch.tensor([[0, 1], [1, 2]]))
