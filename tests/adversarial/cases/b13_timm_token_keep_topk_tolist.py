"""Token pruning keeps the top-k token indices, sorted and turned into a Python list for indexing."""
import torch
from torch import nn

from b13_quiet_timm_layers import ClassifierBase


def keep_tokens(x, scores, keep):
    idx = scores.topk(keep, dim=-1).indices.sort(dim=-1).values[0].tolist()  # expect: CL112
    return x[:, idx]


class PrunedViT(ClassifierBase):
    def __init__(self, dim=8, keep=2):
        super().__init__(dim)
        self.keep = keep
        self.score = nn.Linear(dim, 1)

    def forward_features(self, x):
        return keep_tokens(x, self.score(x).squeeze(-1), self.keep)


def example():
    return PrunedViT(), (torch.randn(1, 4, 8),)
