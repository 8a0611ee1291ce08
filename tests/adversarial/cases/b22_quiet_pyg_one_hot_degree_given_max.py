"""OneHotDegree with the maximum degree configured (as the real transform requires): the class count is a Python
int, and degrees above it are clamped first."""
import torch
import torch.nn.functional as F
from torch import nn


class OneHotDegree:
    def __init__(self, max_degree: int, cat: bool = True):
        self.max_degree = max_degree
        self.cat = cat

    def __call__(self, x, edge_index):
        deg = torch.zeros(x.size(0), dtype=torch.long).index_add_(0, edge_index[0], torch.ones_like(edge_index[0]))
        enc = F.one_hot(deg.clamp(max=self.max_degree), num_classes=self.max_degree + 1).to(x.dtype)
        return torch.cat([x, enc], dim=-1) if self.cat else enc


class DegreeGIN(nn.Module):
    def __init__(self, dim=4, max_degree=3):
        super().__init__()
        self.transform = OneHotDegree(max_degree)
        self.lin = nn.Linear(dim + max_degree + 1, dim)

    def forward(self, x, edge_index):
        return self.lin(self.transform(x, edge_index))


def example():
    return DegreeGIN(), (torch.randn(3, 4), torch.tensor([[0, 1, 1, 2], [1, 0, 2, 1]]))
