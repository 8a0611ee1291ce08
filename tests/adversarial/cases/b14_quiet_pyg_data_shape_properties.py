"""The utils' `Data` holder made in forward: `num_nodes`, `num_edges`, `num_node_features` properties read
sizes; softmax and scatter sizes come from them."""
import torch
from torch import nn

from b14_quiet_pyg_utils import Data, scatter_sum, softmax


class AttentionConv(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)
        self.att = nn.Linear(dim, 1)

    def forward(self, x, edge_index):
        data = Data(x=x, edge_index=edge_index)
        if data.num_edges == 0 or data.num_node_features != x.size(-1):
            return self.lin(x)
        h = self.lin(data.x)
        alpha = softmax(self.att(h).squeeze(-1).index_select(0, edge_index[0]), edge_index[1], data.num_nodes)
        return scatter_sum(h.index_select(0, edge_index[0]) * alpha.unsqueeze(-1), edge_index[1], data.num_nodes)


def example():
    return AttentionConv(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]))
