"""Per-graph bookkeeping from a CSR `ptr`: the graph count is `int(ptr.numel() - 1)` (a Python int of a
shape), the node counts are ptr differences, and the batch vector is rebuilt with repeat_interleave given its
output_size. Nothing leaves the graph."""
import torch
from torch import nn


def batch_from_ptr(ptr, num_nodes: int):
    num_graphs = int(ptr.numel() - 1)
    counts = ptr[1:] - ptr[:-1]
    return torch.arange(num_graphs, device=ptr.device).repeat_interleave(counts, output_size=num_nodes), num_graphs


class MeanReadout(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, ptr):
        batch, num_graphs = batch_from_ptr(ptr, x.size(0))
        out = x.new_zeros(num_graphs, x.size(1)).index_add_(0, batch, self.lin(x))
        counts = (ptr[1:] - ptr[:-1]).clamp(min=1).to(x.dtype)
        return out / counts.unsqueeze(-1)


def example():
    return MeanReadout(), (torch.randn(5, 3), torch.tensor([0, 2, 5]))
