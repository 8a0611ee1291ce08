"""Token merging with a fixed r: the count is clipped with builtin min against half the (Python) token count,
an early return covers r <= 0, and merging uses scatter_reduce on sorted edge indices."""
import torch
from torch import nn


def bipartite_soft_matching(metric, r, protected=1):
    t = metric.shape[1]
    r = min(r, (t - protected) // 2)
    if r <= 0:
        return lambda x: x
    a, b = metric[..., ::2, :], metric[..., 1::2, :]
    scores = a @ b.transpose(-1, -2)
    node_max, node_idx = scores.max(dim=-1)
    edge_idx = node_max.argsort(dim=-1, descending=True)[..., None]
    unm_idx, src_idx = edge_idx[..., r:, :], edge_idx[..., :r, :]
    dst_idx = node_idx[..., None].gather(dim=-2, index=src_idx)

    def merge(x):
        src, dst = x[..., ::2, :], x[..., 1::2, :]
        n, t1, c = src.shape
        unm = src.gather(dim=-2, index=unm_idx.expand(n, t1 - r, c))
        src = src.gather(dim=-2, index=src_idx.expand(n, r, c))
        dst = dst.scatter_reduce(-2, dst_idx.expand(n, r, c), src, reduce="mean")
        return torch.cat([unm, dst], dim=1)

    return merge


class ToMeBlock(nn.Module):
    def __init__(self, dim=4, r=2):
        super().__init__()
        self.qkv = nn.Linear(dim, dim)
        self.r = r

    def forward(self, x):
        metric = self.qkv(x)
        merge = bipartite_soft_matching(metric / metric.norm(dim=-1, keepdim=True), self.r)
        return merge(x)


def example():
    return ToMeBlock(), (torch.randn(2, 6, 4),)
