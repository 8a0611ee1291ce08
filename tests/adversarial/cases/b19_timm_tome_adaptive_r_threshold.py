"""Token merging with an adaptive merge count: r is the number of source tokens whose best match scores above a
threshold (a 0-d tensor), then used to split the sorted edges."""
import torch
from torch import nn


def bipartite_merge_count(metric, threshold):
    a, b = metric[..., ::2, :], metric[..., 1::2, :]
    scores = a @ b.transpose(-1, -2)
    node_max, node_idx = scores.max(dim=-1)
    edge_idx = node_max.argsort(dim=-1, descending=True)[..., None]
    r = (node_max > threshold).sum()
    src_idx = edge_idx[..., :r, :]  # expect: CL114
    return src_idx, node_idx


class ToMeBlock(nn.Module):
    def __init__(self, dim=4, threshold=0.0):
        super().__init__()
        self.qkv = nn.Linear(dim, dim)
        self.threshold = threshold

    def forward(self, x):
        metric = self.qkv(x)
        src_idx, node_idx = bipartite_merge_count(metric / metric.norm(dim=-1, keepdim=True), self.threshold)
        return x[..., ::2, :].gather(-2, src_idx.expand(-1, -1, x.shape[-1])).sum(-2) + node_idx.float().sum()


def example():
    return ToMeBlock(), (torch.randn(2, 6, 4),)
