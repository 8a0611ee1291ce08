"""The in-batch shuffle without leaving the graph: a random key per node offset by its graph id, sorted, keeps
each permutation inside its graph; a single graph uses randperm of the node count."""
import torch
from torch import nn


def shuffle_node(x, batch=None):
    if batch is None:
        perm = torch.randperm(x.size(0), device=x.device)
        return x[perm], perm
    key = batch.to(x.dtype) + torch.rand(x.size(0), device=x.device)
    perm = key.argsort()
    return x[perm], perm


class DGICorruption(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.enc = nn.Linear(dim, dim)

    def forward(self, x, batch):
        x_neg, _ = shuffle_node(x, batch)
        x_single, _ = shuffle_node(x)
        return self.enc(x), self.enc(x_neg) + self.enc(x_single)


def example():
    return DGICorruption(), (torch.randn(5, 4), torch.tensor([0, 0, 1, 1, 1]))
