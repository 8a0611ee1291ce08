"""Graph readout through a module-level alias of the pooling helper; with no size given the helper reads the
number of graphs off `batch.max()`."""
import torch
from torch import nn


def global_mean_pool(x, batch, size=None):
    size = int(batch.max().item() + 1) if size is None else size  # expect: CL111
    out = x.new_zeros(size, x.size(-1)).index_add_(0, batch, x)
    count = x.new_zeros(size).index_add_(0, batch, torch.ones_like(batch, dtype=x.dtype))
    return out / count.clamp(min=1)[:, None]


pool = global_mean_pool


class GraphClassifier(nn.Module):
    def __init__(self, dim=4, num_classes=2):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, num_classes)

    def forward(self, x, batch):
        return self.head(pool(self.lin(x).relu(), batch))


def example():
    return GraphClassifier(), (torch.randn(5, 4), torch.tensor([0, 0, 1, 1, 1]))
