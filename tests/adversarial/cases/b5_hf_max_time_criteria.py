"""Stopping criteria run inside the decode step: the EOS criterion is tensor-only (isin on the last column),
the wall-clock criterion reads `time.time()`. The combined `is_done` stays a bool tensor."""
import time

import torch
from torch import nn


class EosCriterion:
    def __init__(self, eos_ids):
        self.eos = torch.tensor(eos_ids)

    def __call__(self, input_ids, scores):
        return torch.isin(input_ids[:, -1], self.eos.to(input_ids.device))


class WallClockCriterion:
    def __init__(self, max_seconds, started=None):
        self.max_seconds = max_seconds
        self.started = time.time() if started is None else started

    def __call__(self, input_ids, scores):
        elapsed = time.time() - self.started  # expect: CL132
        return torch.full((input_ids.shape[0],), elapsed > self.max_seconds, dtype=torch.bool)


class DecodeStep(nn.Module):
    def __init__(self, vocab=9, dim=4):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.out = nn.Linear(dim, vocab)
        self.criteria = [EosCriterion([2]), WallClockCriterion(60.0)]

    def forward(self, input_ids, unfinished):
        scores = self.out(self.embed(input_ids[:, -1]))
        next_tokens = scores.argmax(-1)
        input_ids = torch.cat([input_ids, next_tokens[:, None]], dim=-1)
        is_done = torch.zeros_like(unfinished, dtype=torch.bool)
        for criterion in self.criteria:
            is_done = is_done | criterion(input_ids, scores)
        return input_ids, unfinished & ~is_done


def example():
    return DecodeStep(), (torch.tensor([[1, 3], [4, 2]]), torch.ones(2, dtype=torch.bool))
