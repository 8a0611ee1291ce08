"""The node-to-graph vector rebuilt from `ptr`: `repeat_interleave` of the graph ids by the segment sizes
with `output_size` given, then a mean readout over an explicit number of graphs."""
import torch
from torch import nn

from b11_pyg_utils import scatter


def ptr_to_batch(ptr, num_nodes):
    sizes = ptr[1:] - ptr[:-1]
    graph_ids = torch.arange(sizes.numel(), device=ptr.device)
    return torch.repeat_interleave(graph_ids, sizes, output_size=num_nodes)


def global_mean_pool(x, batch, size=None):
    if batch is None:
        return x.mean(dim=0, keepdim=True)
    return scatter(x, batch, dim=0, dim_size=size, reduce="mean")


class GraphClassifier(nn.Module):
    def __init__(self, channels=4, classes=3):
        super().__init__()
        self.lin = nn.Linear(channels, classes)

    def forward(self, x, ptr):
        batch = ptr_to_batch(ptr, x.size(0))
        return self.lin(global_mean_pool(x, batch, size=ptr.numel() - 1))


def example():
    return GraphClassifier(), (torch.randn(5, 4), torch.tensor([0, 2, 5]))
