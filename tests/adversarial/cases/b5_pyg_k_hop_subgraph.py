"""k-hop subgraph extraction around seed nodes, as in neighbourhood samplers: each hop marks the frontier in
a preallocated node mask (mask writes compile) and reads the next frontier with a boolean edge mask; the
union of hops is relabelled with `unique(return_inverse=True)`."""
import torch
from torch import nn


def k_hop_subgraph(node_idx, num_hops, edge_index, num_nodes):
    row, col = edge_index
    node_mask = row.new_empty(num_nodes, dtype=torch.bool)
    edge_mask = row.new_empty(row.size(0), dtype=torch.bool)
    subsets = [node_idx]
    for _ in range(num_hops):
        node_mask.fill_(False)
        node_mask[subsets[-1]] = True
        torch.index_select(node_mask, 0, row, out=edge_mask)
        subsets.append(col[edge_mask])  # expect: CL122
    subset, inv = torch.cat(subsets).unique(return_inverse=True)
    return subset, inv[: node_idx.numel()]


class SeedEncoder(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index, seeds):
        subset, mapping = k_hop_subgraph(seeds, 2, edge_index, x.size(0))
        h = self.lin(x[subset])
        return h[mapping]


def example():
    edge_index = torch.tensor([[0, 1, 2, 3, 4], [1, 2, 3, 4, 0]])
    return SeedEncoder(), (torch.randn(5, 3), edge_index, torch.tensor([0]))
