"""Batching of edge lists: per-graph node counts are Python ints from the inputs' shapes, offsets by a
torch.cumsum over a tensor of those counts, added to each edge list."""
import torch
from torch import nn


class Collate(nn.Module):
    def forward(self, xs, edge_indices):
        counts = torch.tensor([x.size(0) for x in xs])
        offsets = torch.cumsum(counts, 0) - counts
        edges = torch.cat([e + offsets[i] for i, e in enumerate(edge_indices)], dim=1)
        batch = torch.cat([torch.full((x.size(0),), i, dtype=torch.long) for i, x in enumerate(xs)])
        return torch.cat(xs), edges, batch


def example():
    xs = [torch.randn(3, 2), torch.randn(2, 2)]
    es = [torch.tensor([[0, 1], [1, 2]]), torch.tensor([[0], [1]])]
    return Collate(), (xs, es)
