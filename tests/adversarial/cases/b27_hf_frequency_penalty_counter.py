"""A frequency-penalty logits processor counts how often each token was generated with `collections.Counter` over
the row's ids as a Python list, then lowers those scores."""
from collections import Counter

import torch
from torch import nn


class FrequencyPenaltyLogitsProcessor:
    def __init__(self, penalty):
        self.penalty = penalty

    def __call__(self, input_ids, scores):
        for row in range(input_ids.shape[0]):
            counts = Counter(input_ids[row].tolist())  # expect: CL112
            for token, n in counts.items():
                scores[row, token] -= self.penalty * n
        return scores


class LMHeadWithPenalty(nn.Module):
    def __init__(self, dim=4, vocab=6):
        super().__init__()
        self.lm_head = nn.Linear(dim, vocab)
        self.processor = FrequencyPenaltyLogitsProcessor(0.5)

    def forward(self, hidden, input_ids):
        scores = self.lm_head(hidden[:, -1])
        return self.processor(input_ids, scores)


def example():
    return LMHeadWithPenalty(), (torch.randn(2, 3, 4), torch.tensor([[1, 1, 2], [3, 4, 3]]))
