"""Self-loop removal and the remaining-self-loops variant: boolean masks over the edge dimension."""
import torch
from torch import nn


def remove_self_loops(edge_index, edge_attr=None):
    mask = edge_index[0] != edge_index[1]
    edge_index = edge_index[:, mask]  # expect: CL122
    if edge_attr is None:
        return edge_index, None
    return edge_index, edge_attr[mask]


def add_remaining_self_loops(edge_index, edge_attr, fill_value, num_nodes):
    mask = edge_index[0] != edge_index[1]
    loop_index = torch.arange(0, num_nodes, dtype=torch.long, device=edge_index.device)
    loop_index = loop_index.unsqueeze(0).repeat(2, 1)
    inv_mask = ~mask
    loop_attr = edge_attr.new_full((num_nodes, ) + edge_attr.size()[1:], fill_value)
    loop_attr[edge_index[0][inv_mask]] = edge_attr[inv_mask]  # expect: CL122
    edge_attr = torch.cat([edge_attr, loop_attr], dim=0)
    return torch.cat([edge_index, loop_index], dim=1), edge_attr


class Conv(nn.Module):
    def forward(self, x, edge_index, edge_attr):
        edge_index_a, _ = remove_self_loops(edge_index)
        edge_index_b, attr_b = add_remaining_self_loops(edge_index, edge_attr, 1.0, x.size(0))
        return edge_index_a.sum() + edge_index_b.sum() + attr_b.sum()


def example():
    return Conv(), (torch.randn(4, 2), torch.tensor([[0, 1, 2, 2], [1, 1, 3, 2]]), torch.randn(4))
