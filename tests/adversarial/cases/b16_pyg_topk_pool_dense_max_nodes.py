"""Top-k pooling's dense scatter: the per-graph node counts come from a scatter of ones, and the largest
count (a 0-d tensor) sizes the dense buffer built with new_full."""
import torch
from torch import nn

from b16_quiet_pyg_base import scatter_sum


def topk(score, ratio, batch, batch_size):
    num_nodes = scatter_sum(torch.ones_like(score), batch, batch_size).long()
    max_num_nodes = num_nodes.max()
    cum_num_nodes = torch.cat([num_nodes.new_zeros(1), num_nodes.cumsum(0)[:-1]])
    index = torch.arange(batch.size(0), device=score.device) - cum_num_nodes[batch] + batch * max_num_nodes
    dense = score.new_full((batch_size * max_num_nodes,), -60000.0)  # expect: CL124
    dense[index] = score
    return dense.view(batch_size, -1).topk(1, dim=-1).indices


class TopKPooling(nn.Module):
    def __init__(self, dim=4, ratio=0.5):
        super().__init__()
        self.ratio = ratio
        self.weight = nn.Parameter(torch.randn(dim))

    def forward(self, x, batch, batch_size: int = 2):
        score = (x * self.weight).sum(-1).tanh()
        return topk(score, self.ratio, batch, batch_size)


def example():
    return TopKPooling(), (torch.randn(5, 4), torch.tensor([0, 0, 1, 1, 1]))
