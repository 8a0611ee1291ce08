"""subgraph() from a boolean node subset: a bool subset becomes indices through nonzero (data-dependent),
the edge filter reads `edge_index[:, edge_mask]` (data-dependent), relabelling with an index write and a
gather compiles."""
import torch
from torch import nn


def index_to_mask(index, size):
    mask = index.new_zeros(size, dtype=torch.bool)
    mask[index] = True
    return mask


def subgraph(subset, edge_index, num_nodes, relabel_nodes=True):
    if subset.dtype == torch.bool:
        node_mask = subset
        subset = node_mask.nonzero().view(-1)  # expect: CL121
    else:
        node_mask = index_to_mask(subset, size=num_nodes)
    edge_mask = node_mask[edge_index[0]] & node_mask[edge_index[1]]
    edge_index = edge_index[:, edge_mask]  # known-miss: CL122
    if relabel_nodes:
        node_idx = torch.zeros(num_nodes, dtype=torch.long, device=edge_index.device)
        node_idx[subset] = torch.arange(subset.size(0), device=edge_index.device)
        edge_index = node_idx[edge_index]
    return edge_index, edge_mask


class Sub(nn.Module):
    def forward(self, x, edge_index, keep):
        return subgraph(keep, edge_index, x.size(0))


def example():
    keep = torch.tensor([True, True, False, True])
    return Sub(), (torch.randn(4, 2), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]]), keep)
