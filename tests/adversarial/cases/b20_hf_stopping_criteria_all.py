"""A generation step asks a list of stopping criteria objects whether every sequence is done; each criterion
returns a boolean tensor per row, and the step combines them with builtin `all` over a generator."""
import torch
from torch import nn


class MaxLengthCriteria:
    def __init__(self, max_length):
        self.max_length = max_length

    def __call__(self, input_ids, scores):
        return torch.full((input_ids.shape[0],), input_ids.shape[-1] >= self.max_length, dtype=torch.bool)


class EosCriteria:
    def __init__(self, eos_id):
        self.eos_id = eos_id

    def __call__(self, input_ids, scores):
        return input_ids[:, -1] == self.eos_id


class GreedyStep(nn.Module):
    def __init__(self, dim=8, vocab=16):
        super().__init__()
        self.lm_head = nn.Linear(dim, vocab)
        self.criteria = [MaxLengthCriteria(6), EosCriteria(2)]

    def forward(self, hidden, input_ids):
        scores = self.lm_head(hidden[:, -1])
        next_tokens = scores.argmax(-1)
        input_ids = torch.cat([input_ids, next_tokens[:, None]], dim=-1)
        done = all(c(input_ids, scores).all() for c in self.criteria)  # expect: CL101
        return input_ids, done


def example():
    return GreedyStep(), (torch.randn(2, 3, 8), torch.tensor([[1, 4], [1, 5]]))
