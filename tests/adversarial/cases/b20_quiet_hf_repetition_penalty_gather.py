"""A repetition penalty processor in tensor form: gather the scores of the generated tokens, penalise them with
`torch.where`, scatter them back."""
import torch
from torch import nn


class RepetitionPenaltyProcessor:
    def __init__(self, penalty):
        self.penalty = penalty

    def __call__(self, input_ids, scores):
        score = torch.gather(scores, 1, input_ids)
        score = torch.where(score < 0, score * self.penalty, score / self.penalty)
        return scores.scatter(1, input_ids, score)


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
