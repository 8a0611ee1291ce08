"""SchNet's Gaussian smearing as the library writes it: the coefficient is read with `.item()` once in
`__init__`, and forward uses the stored Python float (compiles)."""
import torch
from torch import nn


class GaussianSmearing(nn.Module):
    def __init__(self, start=0.0, stop=5.0, num_gaussians=6):
        super().__init__()
        offset = torch.linspace(start, stop, num_gaussians)
        self.coeff = -0.5 / (offset[1] - offset[0]).item() ** 2
        self.register_buffer("offset", offset)

    def forward(self, dist):
        dist = dist.view(-1, 1) - self.offset.view(1, -1)
        return torch.exp(self.coeff * torch.pow(dist, 2))


class CFConv(nn.Module):
    def __init__(self, cutoff=5.0):
        super().__init__()
        self.smearing = GaussianSmearing(0.0, cutoff)
        self.mlp = nn.Sequential(nn.Linear(6, 3), nn.Softplus())
        self.cutoff = cutoff

    def forward(self, x, pos, edge_index):
        row, col = edge_index
        edge_weight = (pos[row] - pos[col]).norm(dim=-1)
        C = 0.5 * (torch.cos(edge_weight * torch.pi / self.cutoff) + 1.0)
        W = self.mlp(self.smearing(edge_weight)) * C.view(-1, 1)
        return torch.zeros_like(x).index_add_(0, col, x[row] * W)


def example():
    return CFConv(), (torch.randn(4, 3), torch.randn(4, 3), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
