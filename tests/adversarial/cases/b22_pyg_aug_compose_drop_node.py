"""GraphCL-style augmentations composed as transform objects, applied in a loop inside the encoder's forward;
the node-dropping transform keeps the edges whose two ends survive."""
import torch
from torch import nn


class DropNode:
    def __init__(self, p=0.3):
        self.p = p

    def __call__(self, x, edge_index):
        keep = torch.rand(x.size(0)) >= self.p
        row, col = edge_index
        edge_index = edge_index[:, keep[row] & keep[col]]  # known-miss: CL122
        return x * keep.unsqueeze(-1), edge_index


class FeatureNoise:
    def __init__(self, std=0.1):
        self.std = std

    def __call__(self, x, edge_index):
        return x + self.std * torch.randn_like(x), edge_index


class Compose:
    def __init__(self, transforms):
        self.transforms = transforms

    def __call__(self, x, edge_index):
        for t in self.transforms:
            x, edge_index = t(x, edge_index)
        return x, edge_index


class GraphCL(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.aug = Compose([FeatureNoise(), DropNode()])
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        x, edge_index = self.aug(x, edge_index)
        row, col = edge_index
        return torch.zeros_like(x).index_add_(0, col, self.lin(x)[row])


def example():
    return GraphCL(), (torch.randn(4, 4), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
