"""An edge list exported for a Python-side neighbour lookup through `getattr(edge_index, "tolist")()`."""
import torch
from torch import nn


class NeighborCount(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        edges = getattr(edge_index.t(), "tolist")()  # expect: CL112
        out_degree = [0] * x.size(0)
        for src, _ in edges:
            out_degree[src] += 1
        return self.lin(x) * torch.tensor(out_degree, dtype=x.dtype).unsqueeze(-1)


def example():
    return NeighborCount(), (torch.randn(3, 4), torch.tensor([[0, 1, 1], [1, 2, 0]]))
