"""A SchNet-style Gaussian smearing whose subclass defers its coefficient to the first forward (so that a
loaded offset buffer is used): `-0.5 / (offset[1] - offset[0]).item() ** 2` runs in forward."""
import torch
from torch import nn


class GaussianSmearing(nn.Module):
    def __init__(self, start=0.0, stop=5.0, num_gaussians=6):
        super().__init__()
        self.register_buffer("offset", torch.linspace(start, stop, num_gaussians))
        self.coeff = -0.5 / (self.offset[1] - self.offset[0]).item() ** 2

    def forward(self, dist):
        dist = dist.view(-1, 1) - self.offset.view(1, -1)
        return torch.exp(self.coeff * torch.pow(dist, 2))


class LazyGaussianSmearing(GaussianSmearing):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.coeff = None

    def forward(self, dist):
        if self.coeff is None:
            self.coeff = -0.5 / (self.offset[1] - self.offset[0]).item() ** 2  # expect: CL111
        return super().forward(dist)


class Interaction(nn.Module):
    def __init__(self):
        super().__init__()
        self.distance_expansion = LazyGaussianSmearing()
        self.lin = nn.Linear(6, 3)

    def forward(self, pos, edge_index):
        row, col = edge_index
        edge_weight = (pos[row] - pos[col]).norm(dim=-1)
        return self.lin(self.distance_expansion(edge_weight))


def example():
    return Interaction(), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
