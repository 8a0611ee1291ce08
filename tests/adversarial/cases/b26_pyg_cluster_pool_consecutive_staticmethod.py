"""A cluster-pooling layer relabels clusters consecutively with a staticmethod reached through `self.__class__`;
the relabelling is `torch.unique(..., return_inverse=True)`."""
import torch
from torch import nn


class ClusterPool(nn.Module):
    @staticmethod
    def consecutive(cluster):
        uniq, inv = torch.unique(cluster, sorted=True, return_inverse=True)  # expect: CL121
        return inv, uniq.numel()

    def forward(self, x, cluster):
        inv, n = self.__class__.consecutive(cluster)
        return x.new_zeros(n, x.size(1)).index_add_(0, inv, x)


def example():
    return ClusterPool(), (torch.randn(5, 3), torch.tensor([4, 4, 7, 9, 7]))
