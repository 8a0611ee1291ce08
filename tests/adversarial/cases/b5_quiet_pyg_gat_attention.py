"""GAT-style attention over incoming edges: per-edge logits from source and target projections, LeakyReLU,
a numerically stable softmax grouped by target node via `scatter_reduce(..., "amax", include_self=False)` and
`index_add_`, with the node count taken from x's shape."""
import torch
from torch import nn
from torch.nn import functional as F


def edge_softmax(src, index, num_nodes):
    group_max = src.new_full((num_nodes,) + src.shape[1:], float("-inf"))
    group_max = group_max.scatter_reduce(0, index.view(-1, 1).expand_as(src), src, reduce="amax", include_self=False)
    out = (src - group_max.index_select(0, index)).exp()
    denom = torch.zeros_like(group_max).index_add_(0, index, out)
    return out / (denom.index_select(0, index) + 1e-16)


class GATLayer(nn.Module):
    def __init__(self, in_dim=4, heads=2, out_dim=3, negative_slope=0.2):
        super().__init__()
        self.heads, self.out_dim = heads, out_dim
        self.lin = nn.Linear(in_dim, heads * out_dim, bias=False)
        self.att_src = nn.Parameter(torch.randn(1, heads, out_dim))
        self.att_dst = nn.Parameter(torch.randn(1, heads, out_dim))
        self.negative_slope = negative_slope

    def forward(self, x, edge_index, return_attention_weights: bool = False):
        num_nodes = x.size(0)
        h = self.lin(x).view(-1, self.heads, self.out_dim)
        alpha_src = (h * self.att_src).sum(-1)
        alpha_dst = (h * self.att_dst).sum(-1)
        src, dst = edge_index
        alpha = F.leaky_relu(alpha_src[src] + alpha_dst[dst], self.negative_slope)
        alpha = edge_softmax(alpha, dst, num_nodes)
        alpha = F.dropout(alpha, p=0.1, training=self.training)
        out = torch.zeros_like(h).index_add_(0, dst, h[src] * alpha.unsqueeze(-1))
        out = out.mean(dim=1)
        if return_attention_weights:
            return out, (edge_index, alpha)
        return out


def example():
    edge_index = torch.tensor([[0, 1, 2, 2, 3], [1, 2, 0, 3, 1]])
    return GATLayer().eval(), (torch.randn(4, 4), edge_index)
