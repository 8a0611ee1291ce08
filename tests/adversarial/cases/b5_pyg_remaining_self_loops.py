"""`add_remaining_self_loops`: nodes that already carry a self-loop keep its weight, the others get the fill
value. The loop edges are found with `row == col`, and their weights are copied out with that boolean mask."""
import torch
from torch import nn


def add_remaining_self_loops(edge_index, edge_weight, fill_value, num_nodes):
    row, col = edge_index[0], edge_index[1]
    is_loop = row == col
    loop_index = torch.arange(num_nodes, device=row.device).unsqueeze(0).repeat(2, 1)
    loop_weight = edge_weight.new_full((num_nodes,), fill_value)
    loop_weight[row[is_loop]] = edge_weight[is_loop]  # expect: CL122
    keep = ~is_loop
    edge_index = torch.cat([edge_index[:, keep], loop_index], dim=1)  # expect: CL122
    edge_weight = torch.cat([edge_weight[keep], loop_weight], dim=0)  # expect: CL122
    return edge_index, edge_weight


class WeightedConv(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, edge_index, edge_weight):
        edge_index, edge_weight = add_remaining_self_loops(edge_index, edge_weight, 2.0, x.size(0))
        src, dst = edge_index
        h = self.lin(x)
        return torch.zeros_like(h).index_add_(0, dst, h[src] * edge_weight.unsqueeze(-1))


def example():
    edge_index = torch.tensor([[0, 1, 1, 2], [1, 1, 2, 0]])
    return WeightedConv(), (torch.randn(3, 4), edge_index, torch.rand(4))
