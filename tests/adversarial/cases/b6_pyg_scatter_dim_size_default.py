"""A scatter helper with reduce dispatch: when the caller gives `dim_size` it stays in the graph, when it does
not the helper sizes the output from `int(index.max()) + 1`. The message-passing layer passes the node count;
the readout forgets to."""
import torch
from torch import nn


def scatter(src, index, dim=0, dim_size=None, reduce="sum"):
    if dim_size is None:
        dim_size = int(index.max()) + 1 if index.numel() > 0 else 0  # expect: CL111
    size = list(src.shape)
    size[dim] = dim_size
    if reduce in ("sum", "add"):
        return src.new_zeros(size).index_add_(dim, index, src)
    if reduce == "mean":
        count = src.new_zeros(dim_size).index_add_(0, index, src.new_ones(src.size(dim))).clamp(min=1)
        return src.new_zeros(size).index_add_(dim, index, src) / count.view(-1, *([1] * (src.dim() - 1)))
    return src.new_zeros(size).scatter_reduce_(dim, index.view(-1, 1).expand_as(src), src, reduce="amax",
                                               include_self=False)


class Conv(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index):
        row, col = edge_index
        return scatter(self.lin(x)[row], col, dim=0, dim_size=x.size(0), reduce="mean")


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = Conv()

    def forward(self, x, edge_index, batch):
        h = self.conv(x, edge_index)
        return scatter(h, batch, dim=0, reduce="max")


def example():
    return Net(), (torch.randn(4, 3), torch.tensor([[0, 1, 2], [1, 2, 3]]), torch.tensor([0, 0, 1, 1]))
