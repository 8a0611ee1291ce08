"""A logits processor applies a repetition penalty per row, walking the set of tokens already generated."""
import torch
from torch import nn


class RepetitionPenaltyProcessor:
    def __init__(self, penalty):
        self.penalty = penalty

    def __call__(self, input_ids, scores):
        for i in range(scores.shape[0]):
            for token in set(input_ids[i].tolist()):  # expect: CL112
                s = scores[i, token]
                scores[i, token] = s * self.penalty if s < 0 else s / self.penalty
        return scores


class PenalizedHead(nn.Module):
    def __init__(self, dim=8, vocab=16):
        super().__init__()
        self.lm_head = nn.Linear(dim, vocab)
        self.processors = [RepetitionPenaltyProcessor(1.2)]

    def forward(self, hidden, input_ids):
        scores = self.lm_head(hidden[:, -1])
        for proc in self.processors:
            scores = proc(input_ids, scores)
        return scores


def example():
    return PenalizedHead(), (torch.randn(2, 3, 8), torch.tensor([[1, 4, 4], [3, 5, 6]]))
