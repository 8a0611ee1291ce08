"""A per-graph readout over a CSR pointer: each graph's rows are sliced with two pointer entries (0-d
tensors) inside a loop over a Python graph count."""
import torch
from torch import nn


class SliceMaxReadout(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, ptr, num_graphs: int = 2):
        x = self.lin(x)
        out = []
        for i in range(num_graphs):
            out.append(x[ptr[i]:ptr[i + 1]].amax(0))  # known-miss: CL114
        return torch.stack(out)


def example():
    return SliceMaxReadout(), (torch.randn(5, 4), torch.tensor([0, 2, 5]))
