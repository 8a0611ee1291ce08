"""`p is None` on a parameter that every compiled call passes: the branch is never traced, so what it does
there does not break (torch_geometric's `dim_size`/`num_nodes` idiom). Where one call leaves it out, or passes
None, the branch runs and breaks. A parameter no compiled call passes keeps its default (None): `p is not None`
is never true; a literal default decides `if p:` the same way (torch_geometric's `force_undirected=False`)."""
import torch
from torch import nn


def scatter_sum(src, index, dim_size=None):
    if dim_size is None:
        dim_size = int(index.max()) + 1  # every compiled call passes dim_size
    out = torch.zeros(dim_size, src.size(-1))
    return out.index_add_(0, index, src)


def count(index, num_nodes=None):
    n = int(index.max()) + 1 if num_nodes is None else num_nodes  # passed on by `relay`'s callers
    return torch.zeros(n).index_add_(0, index, torch.ones(index.size(0)))


def relay(index, num_nodes):
    return count(index, num_nodes)


def maybe_num_nodes(index, num_nodes=None):
    if num_nodes is not None:
        return num_nodes
    return int(index.max()) + 1  # expect: CL111


def degree(index, size=None):
    if size is None:
        size = int(index.max()) + 1  # expect: CL111
    return torch.zeros(size).index_add_(0, index, torch.ones(index.size(0)))


def self_loops(edge_index, edge_attr=None):
    if edge_attr is not None:
        return edge_attr[edge_index[0] == edge_index[1]]  # no compiled call passes edge_attr
    return edge_index


def scale(x, normalize=False):
    if normalize:
        return x / x.norm().item()  # no compiled call passes normalize
    return x


def clip(x, lenient=True):
    if not lenient:
        return x.clamp(max=x.max().item())  # nor lenient
    return x


def shift(x, center=False):
    if center:
        return x - x.mean().item()  # expect: CL111
    return x


def tolerance_scale(x, atol=None):
    atol = 0.5 if atol is None else atol  # rebound: the check below no longer reads what callers pass
    if atol is None:
        raise ValueError("atol")
    return x * x.abs().max().item()  # expect: CL111


class Aggregate(nn.Module):
    def forward(self, x, index, dim_size=None):
        if dim_size is None:
            dim_size = int(index.max()) + 1  # its one compiled caller passes dim_size
        return torch.zeros(dim_size, x.size(-1)).index_add_(0, index, x)


class Conv(nn.Module):
    def __init__(self):
        super().__init__()
        self.aggregate = Aggregate()

    def forward(self, x, edge_index: torch.Tensor):
        row, col = edge_index
        out = scatter_sum(x[row], col, dim_size=x.size(0))
        out = out + self.aggregate(x[row], col, x.shape[0])
        c = relay(col, x.size(0))
        n = maybe_num_nodes(col)
        d = degree(col, None)
        out = tolerance_scale(shift(clip(scale(out)), center=True))
        return out, c, n, d, self_loops(edge_index)


def example():
    return Conv(), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]))
