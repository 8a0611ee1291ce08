"""Self loops handled without changing the edge count: the loop mask zeroes their weights with a boolean
write (`edge_weight[loop_mask] = 0.0`) and `masked_fill`, and the loop weights are gathered per node with
`index_add_` over all edges."""
import torch
from torch import nn


def segregate_self_loops_dense(edge_index, edge_weight, num_nodes):
    loop_mask = edge_index[0] == edge_index[1]
    loop_weight = torch.zeros(num_nodes, dtype=edge_weight.dtype, device=edge_weight.device)
    loop_weight.index_add_(0, edge_index[0], edge_weight * loop_mask)
    edge_weight = edge_weight.clone()
    edge_weight[loop_mask] = 0.0
    return edge_weight, loop_weight


class ResidualGraphConv(nn.Module):
    def __init__(self, channels=4):
        super().__init__()
        self.lin = nn.Linear(channels, channels)

    def forward(self, x, edge_index, edge_weight):
        edge_weight, loop_weight = segregate_self_loops_dense(edge_index, edge_weight, x.size(0))
        not_loop = edge_index[0] != edge_index[1]
        edge_weight = edge_weight.masked_fill(~not_loop, 0.0)
        h = self.lin(x)
        out = torch.zeros_like(h).index_add_(0, edge_index[1], h[edge_index[0]] * edge_weight[:, None])
        return out + loop_weight[:, None] * h


def example():
    edge_index = torch.tensor([[0, 1, 1, 2, 3], [1, 1, 2, 3, 3]])
    return ResidualGraphConv(), (torch.randn(4, 4), edge_index, torch.rand(5))
