"""The frequency penalty's twin: token counts by `scatter_add_` into a zeros tensor, subtracted in one op."""
import torch
from torch import nn


class FrequencyPenaltyLogitsProcessor:
    def __init__(self, penalty):
        self.penalty = penalty

    def __call__(self, input_ids, scores):
        counts = torch.zeros_like(scores).scatter_add_(1, input_ids, torch.ones_like(input_ids, dtype=scores.dtype))
        return scores - self.penalty * counts


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
