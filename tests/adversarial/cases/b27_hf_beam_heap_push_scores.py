"""Beam hypotheses are kept in a heap (`heapq.heappush`) of (score, ids) pairs, the score a 0-d tensor taken from
the step's log-probabilities."""
import heapq

import torch
from torch import nn


class BeamScorer(nn.Module):
    def __init__(self, dim=4, vocab=6, num_beams=2):
        super().__init__()
        self.lm_head = nn.Linear(dim, vocab)
        self.num_beams = num_beams

    def forward(self, hidden):
        logprobs = self.lm_head(hidden[:, -1]).log_softmax(-1)
        top, ids = logprobs.topk(self.num_beams, dim=-1)
        heap = []
        heapq.heappush(heap, (top[0, 0], 0))  # expect: CL153
        return top, ids, len(heap)


def example():
    return BeamScorer(), (torch.randn(2, 3, 4),)
