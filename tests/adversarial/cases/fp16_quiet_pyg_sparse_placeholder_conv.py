"""A message-passing layer that dispatches on the adjacency type: a placeholder `SparseTensor` imported from the
library's typing module (fp16_pyg_typing: torch-sparse missing, so its constructor raises and no instance exists),
a torch sparse layout, or the dense edge list. Only the edge-list path runs; the sparse ones (a debug print, a fused
message-and-aggregate helper that warns, an nnz count read as an int) are never traced."""
import warnings

import torch
from torch import Tensor, nn

from fp16_pyg_typing import Adj, OptTensor, SparseTensor, is_torch_sparse_tensor


class GraphConv(nn.Module):
    def __init__(self, in_channels=4, out_channels=4, fuse=True):
        super().__init__()
        self.lin_rel = nn.Linear(in_channels, out_channels)
        self.lin_root = nn.Linear(in_channels, out_channels, bias=False)
        self.fuse = fuse

    def message_and_aggregate(self, adj_t, x):
        warnings.warn("fused sparse aggregation")
        return adj_t.matmul(x, reduce="sum")

    def propagate(self, edge_index: Adj, x: Tensor, edge_weight: OptTensor = None):
        if isinstance(edge_index, SparseTensor) and self.fuse:
            return self.message_and_aggregate(edge_index, x)
        if is_torch_sparse_tensor(edge_index):
            return torch.sparse.mm(edge_index, x)
        msg = x.index_select(0, edge_index[0])
        if edge_weight is not None:
            msg = msg * edge_weight.view(-1, 1)
        return torch.zeros_like(x).index_add_(0, edge_index[1], msg)

    def forward(self, x: Tensor, edge_index: Adj, edge_weight: OptTensor = None):
        if isinstance(edge_index, SparseTensor):
            print("sparse adjacency with", edge_index.nnz(), "entries")
            num_edges = int(edge_index.nnz())
        else:
            num_edges = edge_index.size(1)
        out = self.propagate(edge_index, x=x, edge_weight=edge_weight)
        scale = 1.0 / max(num_edges, 1) if not isinstance(edge_index, SparseTensor) else float(edge_index.nnz())
        return self.lin_rel(out) * scale + self.lin_root(x)


def example():
    edge_index = torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]])
    return GraphConv(), (torch.randn(4, 4), edge_index)
