"""Global add pooling: the number of graphs is `batch.max().item() + 1` when the caller does not pass `size`."""
import torch
from torch import nn


def global_add_pool(x, batch, size=None):
    size = int(batch.max().item() + 1) if size is None else size  # expect: CL111
    out = x.new_zeros(size, x.size(-1))
    return out.index_add_(0, batch, x)


class GraphReadout(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 2)

    def forward(self, x, batch):
        return self.lin(global_add_pool(x, batch))


def example():
    return GraphReadout(), (torch.randn(6, 4), torch.tensor([0, 0, 1, 1, 1, 2]))
