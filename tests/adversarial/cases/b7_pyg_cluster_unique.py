"""Graclus-style pooling: nodes are merged by cluster id, and the cluster ids are made consecutive with
`torch.unique(cluster, return_inverse=True)`; pooled features are a scatter-mean over the new ids."""
import torch
from torch import nn


def consecutive_cluster(src):
    unique, inv = torch.unique(src, sorted=True, return_inverse=True)  # expect: CL121
    perm = torch.arange(inv.size(0), dtype=inv.dtype)
    perm = inv.new_empty(unique.size(0)).scatter_(0, inv, perm)
    return inv, perm


def avg_pool_x(cluster, x):
    cluster, perm = consecutive_cluster(cluster)
    summed = x.new_zeros(perm.size(0), x.size(1)).index_add_(0, cluster, x)
    counts = torch.bincount(cluster, minlength=perm.size(0)).clamp(min=1)  # expect: CL121
    return summed / counts[:, None].to(x.dtype)


class ClusterPool(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, cluster):
        return avg_pool_x(cluster, self.lin(x))


def example():
    return ClusterPool(), (torch.randn(5, 3), torch.tensor([4, 4, 7, 9, 7]))
