"""DimeNet-style triplets without a sparse library: for every edge j->i, the edges k->j entering its source;
the number per edge comes from a degree count and the rows are repeated with Tensor.repeat_interleave."""
import torch
from torch import nn

from b18_pyg_utils import degree


def triplets(edge_index, num_nodes):
    row, col = edge_index  # j -> i
    in_deg = degree(col, num_nodes)
    num_triplets = in_deg[row]
    idx_i = col.repeat_interleave(num_triplets)  # expect: CL121
    idx_j = row.repeat_interleave(num_triplets)  # expect: CL121
    return idx_i, idx_j


class AngleEmbedding(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(1, dim)

    def forward(self, pos, edge_index):
        idx_i, idx_j = triplets(edge_index, pos.size(0))
        d = (pos[idx_i] - pos[idx_j]).norm(dim=-1, keepdim=True)
        return self.lin(d).sum(0)


def example():
    return AngleEmbedding(), (torch.randn(4, 3), torch.tensor([[0, 1, 2, 3, 1], [1, 2, 3, 0, 3]]))
