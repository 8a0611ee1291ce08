"""A banned-token set whose `__contains__` answers from a Python frozenset; the token tested is a Python int
taken from the config, and the scores are only masked."""
import torch
from torch import nn


class BannedIds:
    def __init__(self, ids):
        self.ids = frozenset(ids)

    def __contains__(self, token):
        return token in self.ids


class Sampler(nn.Module):
    def __init__(self, eos_token_id=3):
        super().__init__()
        self.banned = BannedIds([3, 7])
        self.eos_token_id = eos_token_id

    def forward(self, scores):
        if self.eos_token_id in self.banned:
            scores = scores.index_fill(-1, torch.tensor([self.eos_token_id]), -1e4)
        return scores


def example():
    return Sampler(), (torch.randn(10),)
