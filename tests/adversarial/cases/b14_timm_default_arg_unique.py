"""Token merging helper whose grouping function is a default argument, `group_fn=torch.unique`: the call
site reads `group_fn(ids, ...)`, an output whose size depends on the values."""
import torch
from torch import nn

from b14_quiet_timm_helpers import Mlp


def merge_tokens(x, ids, group_fn=torch.unique):
    groups, inverse = group_fn(ids, return_inverse=True)  # known-miss: CL121
    out = x.new_zeros(x.shape[0], groups.shape[0], x.shape[-1])
    return out.index_add_(1, inverse, x)


class TokenMergeBlock(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.mlp = Mlp(dim)

    def forward(self, x, cluster_ids):
        return self.mlp(merge_tokens(x, cluster_ids))


def example():
    return TokenMergeBlock(), (torch.randn(1, 4, 8), torch.tensor([0, 2, 0, 1]))
