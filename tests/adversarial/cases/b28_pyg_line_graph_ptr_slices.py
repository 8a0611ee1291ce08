"""A line-graph transform applied in forward groups the outgoing edges of each node by a CSR pointer and,
for every edge, slices the edge ids between `ptr[col[j]]` and `ptr[col[j] + 1]` in a comprehension (0-d tensor
slice bounds)."""
import torch
from torch import nn


class LineGraph(nn.Module):
    def forward(self, edge_index, num_nodes: int):
        row, col = edge_index
        i = torch.arange(row.size(0), dtype=torch.long)
        count = torch.zeros(num_nodes, dtype=torch.long).index_add_(0, row, torch.ones_like(row))
        ptr = torch.cat([count.new_zeros(1), count.cumsum(0)])
        cols = [i[ptr[col[j]] : ptr[col[j] + 1]] for j in range(col.size(0))]  # expect: CL114
        rows = [row.new_full((c.numel(),), j) for j, c in enumerate(cols)]
        return torch.stack([torch.cat(rows), torch.cat(cols)], dim=0)


def example():
    return LineGraph(), (torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]), 4)
