"""Heterogeneous graph to one homogeneous graph: per node type an offset (a running Python int from
`x.size(0)`), a type vector built with `torch.full`, and edge indices shifted by their source and destination
offsets; dict iteration order is fixed by the insertion order."""
import torch
from torch import nn


def to_homogeneous(x_dict, edge_index_dict):
    offsets, node_types, xs = {}, [], []
    cumsum = 0
    for type_id, (node_type, x) in enumerate(x_dict.items()):
        offsets[node_type] = cumsum
        cumsum += x.size(0)
        xs.append(x)
        node_types.append(torch.full((x.size(0),), type_id, dtype=torch.long, device=x.device))
    edge_indices, edge_types = [], []
    for type_id, ((src, _, dst), edge_index) in enumerate(edge_index_dict.items()):
        shift = torch.tensor([[offsets[src]], [offsets[dst]]], device=edge_index.device)
        edge_indices.append(edge_index + shift)
        edge_types.append(edge_index.new_full((edge_index.size(1),), type_id))
    return torch.cat(xs), torch.cat(edge_indices, dim=1), torch.cat(node_types), torch.cat(edge_types)


class HeteroToHomoConv(nn.Module):
    def __init__(self, dim=3, num_edge_types=2):
        super().__init__()
        self.rel = nn.Embedding(num_edge_types, dim)
        self.lin = nn.Linear(dim, dim)

    def forward(self, x_paper, x_author, writes, cites):
        x, edge_index, node_type, edge_type = to_homogeneous(
            {"paper": x_paper, "author": x_author},
            {("author", "writes", "paper"): writes, ("paper", "cites", "paper"): cites})
        src, dst = edge_index
        msg = self.lin(x[src]) + self.rel(edge_type)
        out = torch.zeros_like(x).index_add_(0, dst, msg)
        return out + node_type.unsqueeze(-1).to(x.dtype)


def example():
    writes = torch.tensor([[0, 1], [0, 2]])
    cites = torch.tensor([[0, 2], [1, 1]])
    return HeteroToHomoConv(), (torch.randn(3, 3), torch.randn(2, 3), writes, cites)
