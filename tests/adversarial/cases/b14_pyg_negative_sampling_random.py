"""Link prediction: a negative-sampling helper called from forward draws node pairs with Python's
`random.sample`."""
import random

import torch
from torch import nn


def negative_sampling(edge_index, num_nodes, num_neg_samples):
    pairs = random.sample(range(num_nodes * num_nodes), num_neg_samples)  # expect: CL133
    idx = torch.tensor(pairs, device=edge_index.device)
    return torch.stack([idx // num_nodes, idx % num_nodes])


class LinkPredictor(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        h = self.lin(x)
        neg = negative_sampling(edge_index, x.size(0), edge_index.size(1))
        pos_score = (h[edge_index[0]] * h[edge_index[1]]).sum(-1)
        neg_score = (h[neg[0]] * h[neg[1]]).sum(-1)
        return pos_score, neg_score


def example():
    return LinkPredictor(), (torch.randn(4, 4), torch.tensor([[0, 1, 2], [1, 2, 3]]))
