"""A OneHotDegree transform held by the model: without a configured maximum it takes the largest degree it sees,
so the encoding's class count is a tensor."""
import torch
import torch.nn.functional as F
from torch import nn


class OneHotDegree:
    def __init__(self, max_degree=None):
        self.max_degree = max_degree

    def __call__(self, edge_index, num_nodes):
        deg = torch.zeros(num_nodes, dtype=torch.long).index_add_(0, edge_index[0], torch.ones_like(edge_index[0]))
        max_deg = self.max_degree if self.max_degree is not None else deg.max()
        return F.one_hot(deg, max_deg + 1).float()  # known-miss: CL123


class DegreeGIN(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.transform = OneHotDegree()
        self.dim = dim

    def forward(self, edge_index, num_nodes: int):
        h = self.transform(edge_index, num_nodes)
        return h.sum(0)


def example():
    return DegreeGIN(), (torch.tensor([[0, 1, 1, 2], [1, 0, 2, 1]]), 3)
