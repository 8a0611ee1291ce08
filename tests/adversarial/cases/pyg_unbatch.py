"""unbatch / graph-size bookkeeping: sizes from degree() as a list, and the `ptr` vector from cumsum."""
import torch
from torch import nn


def degree(index, num_nodes, dtype=None):
    out = torch.zeros((num_nodes, ), dtype=dtype, device=index.device)
    return out.scatter_add_(0, index, torch.ones((index.size(0), ), dtype=out.dtype, device=out.device))


def unbatch(src, batch, dim=0, batch_size=None):
    sizes = degree(batch, batch_size, dtype=torch.long).tolist()  # expect: CL112
    return src.split(sizes, dim)


class PerGraph(nn.Module):
    def forward(self, x, batch, num_graphs):
        counts = degree(batch, num_graphs, dtype=torch.long)
        ptr = torch.cat([counts.new_zeros(1), counts.cumsum(0)])
        first_nodes = x[ptr[:-1]]
        parts = unbatch(x, batch, batch_size=num_graphs)
        return first_nodes.sum() + sum(p.mean() for p in parts)


def example():
    return PerGraph(), (torch.randn(5, 2), torch.tensor([0, 0, 1, 1, 1]), 2)
