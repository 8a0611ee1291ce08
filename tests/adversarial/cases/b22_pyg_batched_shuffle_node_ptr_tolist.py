"""A graph contrastive corruption shuffles node features within each graph of a mini-batch: the batch pointer's
sizes and offsets are walked in a Python loop to build per-graph permutations."""
import torch
from torch import nn


def shuffle_node(x, ptr):
    counts = ptr[1:] - ptr[:-1]
    perms = []
    for n, off in zip(counts.tolist(), ptr[:-1].tolist()):  # expect: CL112
        perms.append(torch.randperm(n) + off)
    perm = torch.cat(perms)
    return x[perm], perm


class DGICorruption(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.enc = nn.Linear(dim, dim)

    def forward(self, x, ptr):
        pos = self.enc(x)
        x_neg, _ = shuffle_node(x, ptr)
        return pos, self.enc(x_neg)


def example():
    return DGICorruption(), (torch.randn(5, 4), torch.tensor([0, 2, 5]))
