"""A principal-neighbourhood-aggregation style degree scaler: the in-degree histogram is a bincount with
minlength, which still has a data-dependent size."""
import torch
from torch import nn

from b16_quiet_pyg_base import degree


class DegreeScaler(nn.Module):
    def __init__(self, dim=4, max_degree=4):
        super().__init__()
        self.max_degree = max_degree
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        deg = degree(edge_index[1], x.size(0)).clamp(max=self.max_degree)
        hist = torch.bincount(deg, minlength=self.max_degree + 1)  # expect: CL121
        avg_log = (torch.log(torch.arange(self.max_degree + 1, device=x.device) + 1.0) * hist).sum() / hist.sum()
        return self.lin(x) * (torch.log(deg.float() + 1) / avg_log).unsqueeze(-1)


def example():
    return DegreeScaler(), (torch.randn(4, 4), torch.tensor([[0, 1, 2, 3], [1, 2, 1, 0]]))
