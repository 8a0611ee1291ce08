"""A banned-token set whose `__contains__` compares against a tensor of ids: `tok in banned` makes Python take
the truth value of the tensor `__contains__` returns."""
import torch
from torch import nn


class BannedIds:
    def __init__(self, ids):
        self.ids = torch.tensor(ids)

    def __contains__(self, token):
        return (self.ids == token).any()


class Sampler(nn.Module):
    def __init__(self):
        super().__init__()
        self.banned = BannedIds([3, 7])

    def forward(self, scores):
        token = scores.argmax(-1)
        if token in self.banned:  # known-miss: CL101
            scores = scores - 1.0
        return scores


def example():
    return Sampler(), (torch.randn(10),)
