"""GAT-style attention with the utils' segment `softmax` given the node count: the max per destination via
`scatter_reduce` with `include_self=False`, the sum via `scatter_add_`, all with explicit sizes."""
import torch
import torch.nn.functional as F
from torch import nn

from b11_pyg_utils import scatter, softmax


class GATConv(nn.Module):
    def __init__(self, channels=4, heads=2, negative_slope=0.2, dropout=0.0):
        super().__init__()
        self.heads, self.channels = heads, channels
        self.lin = nn.Linear(channels, heads * channels, bias=False)
        self.att_src = nn.Parameter(torch.randn(1, heads, channels))
        self.att_dst = nn.Parameter(torch.randn(1, heads, channels))
        self.negative_slope, self.dropout = negative_slope, dropout

    def edge_update(self, alpha_j, alpha_i, index, size_i):
        alpha = F.leaky_relu(alpha_j + alpha_i, self.negative_slope)
        alpha = softmax(alpha, index, num_nodes=size_i)
        return F.dropout(alpha, p=self.dropout, training=self.training)

    def forward(self, x, edge_index):
        N = x.size(0)
        h = self.lin(x).view(-1, self.heads, self.channels)
        alpha_src = (h * self.att_src).sum(-1)
        alpha_dst = (h * self.att_dst).sum(-1)
        src, dst = edge_index
        alpha = self.edge_update(alpha_src[src], alpha_dst[dst], dst, N)
        msg = h[src] * alpha.unsqueeze(-1)
        return scatter(msg, dst, dim=0, dim_size=N, reduce="sum").mean(dim=1)


def example():
    edge_index = torch.tensor([[0, 1, 2, 3, 1], [1, 2, 3, 0, 0]])
    return GATConv(), (torch.randn(4, 4), edge_index)
