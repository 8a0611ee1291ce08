"""Node-subset utilities: index_to_mask writes True at given indices (compiles), mask_to_index turns the
mask back into indices with `nonzero`, whose length depends on the data."""
import torch
from torch import nn


def index_to_mask(index, size: int):
    mask = index.new_zeros(size, dtype=torch.bool)
    mask[index] = True
    return mask


def mask_to_index(mask):
    return mask.nonzero(as_tuple=False).view(-1)  # expect: CL121


class SeedExpansion(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index, seeds):
        node_mask = index_to_mask(seeds, x.size(0))
        edge_hits = node_mask[edge_index[0]]
        node_mask = node_mask.index_put((edge_index[1],), edge_hits, accumulate=True)
        subset = mask_to_index(node_mask)
        return self.lin(x.index_select(0, subset)), subset


def example():
    return SeedExpansion(), (torch.randn(5, 3), torch.tensor([[0, 1, 3], [1, 2, 4]]), torch.tensor([0]))
