"""Held-out groups 50 (gnn4lp) and 27 (torch_ppr): a sparse adjacency only the caller builds, handed down as an
argument. A pygcn-style layer multiplies its `adj` with `torch.spmm`, the model's `encode` hands it to two such
layers, `forward` to `encode`; a page-rank step moves it with `.to()` and multiplies with `torch.sparse.addmm`.
The sparse-matrix functions say the argument is sparse, and every frame that reads it breaks on its first read
(GB0015 on 2.13, the frame then runs eagerly): in the layer, in `encode`, in `forward`, in the page-rank step."""
import torch
from torch import nn


class GraphConvolution(nn.Module):
    def __init__(self, n_in, n_out):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_in, n_out) * 0.1)
        self.dropout = nn.Dropout(0.0)

    def forward(self, x, adj):
        x = self.dropout(x)
        support = torch.mm(x, self.weight)
        return torch.spmm(adj, support)  # expect: CL167


def page_rank_step(adj, x0, alpha=0.15):
    x0 = x0.abs() + 1
    adj = adj.to(device=x0.device)  # expect: CL167
    x = torch.sparse.addmm(x0, adj, x0, beta=alpha, alpha=1 - alpha)
    return x / x.sum(dim=0, keepdim=True)


class GraphAutoEncoder(nn.Module):
    def __init__(self, n_in=8, hidden=6, out=4):
        super().__init__()
        self.gc1 = GraphConvolution(n_in, hidden)
        self.gc2 = GraphConvolution(hidden, out)
        self.relu = nn.ReLU()

    def encode(self, x, adj):
        hidden = self.relu(self.gc1(x, adj))  # expect: CL167
        return self.gc2(hidden, adj)

    def forward(self, x, adj):
        x = x * 2
        z = self.encode(x, adj)  # expect: CL167
        scores = page_rank_step(adj, z)
        return z @ z.t(), scores


def example():
    edges = torch.tensor([[0, 1, 2, 3, 4], [1, 2, 3, 4, 0]])
    adj = torch.sparse_coo_tensor(edges, torch.full((5,), 0.5), (5, 5)).coalesce()
    return GraphAutoEncoder(), (torch.randn(5, 8), adj)
