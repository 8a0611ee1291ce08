"""Graph collaborative filtering in recbole's style: the normalised user-item adjacency is built by a helper method
with the legacy typed constructor (`torch.sparse.FloatTensor(indices, values, size)`) and stored in `__init__`, a
Laplacian as the difference of two such helpers, and forward first names the adjacencies (`adj, lap = self.adj,
self.lap`), which is no read: dynamo wraps a sparse tensor, and breaks (GB0015), on the first line that computes
with it. A naive linter flags the naming line and misses the helper-built attribute; a dense adjacency built the same
way (`.to_dense()`) compiles."""
import torch
from torch import nn


class LightConv(nn.Module):
    def __init__(self, n, dim=4):
        super().__init__()
        self.emb = nn.Embedding(n, dim)
        self.adj = self.norm_adj(n).to("cpu")
        self.lap = self.eye(n) - self.norm_adj(n)
        self.dense_adj = self.norm_adj(n).to_dense()

    def eye(self, n):
        index = torch.arange(n)
        return torch.sparse.FloatTensor(torch.stack([index, index]), torch.ones(n), torch.Size([n, n]))

    def norm_adj(self, n):
        index = torch.arange(n)
        pairs = torch.stack([index, (index + 1) % n])
        adj = torch.sparse.FloatTensor(pairs, torch.full((n,), 0.5), torch.Size([n, n]))
        return adj.coalesce()

    def forward(self, users):
        adj, lap = self.adj, self.lap
        h = self.emb.weight * 2
        h = torch.sparse.mm(adj, h)  # expect: CL167
        return h[users]


class DenseConv(LightConv):
    def forward(self, users):
        adj = self.dense_adj
        h = self.emb.weight * 2
        return (adj @ h)[users]


class Net(nn.Module):
    def __init__(self, n=5):
        super().__init__()
        self.light = LightConv(n)
        self.dense = DenseConv(n)

    def forward(self, users):
        return self.dense(users) + self.light(users)


def example():
    return Net(), (torch.tensor([0, 2, 4]),)
