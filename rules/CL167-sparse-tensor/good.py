import torch
from torch import nn


def propagate(edges, weight, h):
    # the edge list stays dense: gather the sources, scatter-add into the targets
    out = torch.zeros_like(h)
    return out.index_add_(0, edges[1], h[edges[0]] * weight[:, None])


def smooth(adj, h):
    # a layer that takes either layout: it asks before multiplying
    if adj.is_sparse:
        return torch.sparse.mm(adj, h)
    return adj @ h


class GraphConv(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.lin = nn.Linear(8, 8)
        self.register_buffer("adj", torch.eye(n))
        self.cache = {}

    def normalized(self, h):
        if self.cache.get("A") is None:
            self.cache["A"] = torch.eye(4)
        return self.cache["A"] @ h

    def forward(self, x, edges):
        h = self.lin(x)
        h = self.adj @ h
        if h.is_sparse:
            h = h.coalesce()
        h = propagate(edges, torch.ones(edges.shape[1]), h)
        h = smooth(self.adj, h)
        return self.normalized(h)


def example():
    return GraphConv(4), (torch.randn(4, 8), torch.tensor([[0, 1, 2], [1, 2, 3]]))
