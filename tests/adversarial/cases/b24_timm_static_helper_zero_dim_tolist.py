"""A token-pruning head asks a static helper, called through `type(self)`, how many tokens clear a threshold;
the helper returns the count with `.tolist()` of a 0-d tensor (a Python int)."""
import torch
from torch import nn


class PruneHead(nn.Module):
    def __init__(self, dim=4, thresh=0.0):
        super().__init__()
        self.score = nn.Linear(dim, 1)
        self.thresh = thresh

    @staticmethod
    def _count_above(scores, thresh):
        return (scores > thresh).sum().tolist()  # expect: CL112

    def forward(self, x):
        scores = self.score(x).squeeze(-1).flatten()
        k = max(type(self)._count_above(scores, self.thresh), 1)
        return scores.topk(k).values.sum()


def example():
    return PruneHead(), (torch.randn(2, 5, 4),)
