"""GraphCL-style augmentations that keep every shape: feature masking by column and edge dropping as a zero
weight, composed as transform objects and applied in a loop."""
import torch
from torch import nn


class MaskFeature:
    def __init__(self, p=0.3):
        self.p = p

    def __call__(self, x, edge_weight):
        mask = torch.rand(x.size(1), device=x.device) >= self.p
        return x * mask, edge_weight


class DropEdgeWeight:
    def __init__(self, p=0.3):
        self.p = p

    def __call__(self, x, edge_weight):
        keep = torch.rand_like(edge_weight) >= self.p
        return x, edge_weight.masked_fill(~keep, 0.0)


class Compose:
    def __init__(self, transforms):
        self.transforms = list(transforms)

    def __call__(self, x, edge_weight):
        for t in self.transforms:
            x, edge_weight = t(x, edge_weight)
        return x, edge_weight


class GraphCL(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.aug = Compose([MaskFeature(), DropEdgeWeight()])
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index, edge_weight):
        x, edge_weight = self.aug(x, edge_weight)
        row, col = edge_index
        msg = self.lin(x)[row] * edge_weight.unsqueeze(-1)
        return torch.zeros_like(x).index_add_(0, col, msg)


def example():
    return GraphCL(), (torch.randn(4, 4), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]), torch.rand(4))
