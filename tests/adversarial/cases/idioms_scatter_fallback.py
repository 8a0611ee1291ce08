"""A torch_scatter-like helper with a pure-torch fallback; the only break is a dim_size taken from the
data (`index.max() + 1` as a tensor size)."""
import torch
from torch import nn

try:
    import torch_scatter_not_installed as torch_scatter  # noqa: F401
    HAS_TORCH_SCATTER = True
except ImportError:
    torch_scatter = None
    HAS_TORCH_SCATTER = False


def broadcast(src, other, dim):
    if dim < 0:
        dim = other.dim() + dim
    if src.dim() == 1:
        for _ in range(0, dim):
            src = src.unsqueeze(0)
    for _ in range(src.dim(), other.dim()):
        src = src.unsqueeze(-1)
    return src.expand(other.size())


def scatter(src, index, dim=0, dim_size=None, reduce="sum"):
    if HAS_TORCH_SCATTER:
        return torch_scatter.scatter(src, index, dim, dim_size=dim_size, reduce=reduce)
    index = broadcast(index, src, dim)
    if dim_size is None:
        dim_size = index.max() + 1
    size = list(src.size())
    size[dim] = dim_size
    out = torch.zeros(size, dtype=src.dtype)  # known-miss: CL124
    if reduce == "mean":
        return out.scatter_reduce_(dim, index, src, "mean", include_self=False)
    return out.scatter_add_(dim, index, src)


class Pool(nn.Module):
    def forward(self, x, batch, num_graphs: int):
        mean = scatter(x, batch, 0, dim_size=num_graphs, reduce="mean")
        total = scatter(x, batch, 0)
        return mean, total


def example():
    return Pool(), (torch.randn(5, 3), torch.tensor([0, 0, 1, 1, 2]), 3)
