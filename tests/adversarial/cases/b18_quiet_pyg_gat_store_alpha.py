"""GATConv with return_attention_weights: the attention coefficients are kept on self._alpha during the
message step and returned beside the output (state mutation, a tuple of tensors)."""
import torch
import torch.nn.functional as F
from torch import nn

from b18_pyg_utils import scatter_sum


def softmax(src, index, num_nodes):
    src_max = src.new_full((num_nodes,), -1e9).scatter_reduce(0, index, src, "amax", include_self=True)
    out = (src - src_max[index]).exp()
    return out / (scatter_sum(out, index, num_nodes)[index] + 1e-16)


class GATConv(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim, bias=False)
        self.att_src = nn.Parameter(torch.randn(dim))
        self.att_dst = nn.Parameter(torch.randn(dim))
        self._alpha = None

    def forward(self, x, edge_index, return_attention_weights=None):
        h = self.lin(x)
        a_src, a_dst = (h * self.att_src).sum(-1), (h * self.att_dst).sum(-1)
        alpha = F.leaky_relu(a_src[edge_index[0]] + a_dst[edge_index[1]], 0.2)
        alpha = softmax(alpha, edge_index[1], x.size(0))
        self._alpha = alpha
        out = scatter_sum(h[edge_index[0]] * alpha.unsqueeze(-1), edge_index[1], x.size(0))
        alpha, self._alpha = self._alpha, None
        if isinstance(return_attention_weights, bool) and return_attention_weights:
            return out, (edge_index, alpha)
        return out


def example():
    return GATConv(), (torch.randn(3, 4), torch.tensor([[0, 1, 2], [1, 2, 0]]), True)
