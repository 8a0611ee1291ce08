"""maybe_num_nodes: the node count given, or read from the largest index (torch.jit.is_tracing aside)."""
import torch
from torch import Tensor, nn


def maybe_num_nodes(edge_index, num_nodes=None):
    if num_nodes is not None:
        return num_nodes
    elif not torch.jit.is_scripting() and isinstance(edge_index, Tensor):
        if edge_index.layout == torch.sparse_coo:
            return max(edge_index.size(0), edge_index.size(1))
        if torch.jit.is_tracing():
            tmp = torch.max(edge_index)
            return tmp + 1
        return int(edge_index.max()) + 1 if edge_index.numel() > 0 else 0  # expect: CL111
    else:
        return max(edge_index.size(0), edge_index.size(1))


def degree(index, num_nodes=None, dtype=None):
    N = maybe_num_nodes(index, num_nodes)
    out = torch.zeros((N, ), dtype=dtype, device=index.device)
    one = torch.ones((index.size(0), ), dtype=out.dtype, device=out.device)
    return out.scatter_add_(0, index, one)


class DegreeFeatures(nn.Module):
    def forward(self, x, edge_index):
        deg_known = degree(edge_index[1], x.size(0), dtype=x.dtype)
        deg_inferred = degree(edge_index[0], dtype=x.dtype)
        return x * deg_known[:, None], deg_inferred


def example():
    return DegreeFeatures(), (torch.randn(5, 4), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 4]]))
