"""Stopping criteria objects each return a boolean tensor per row; the step combines them with `torch.stack(...)
.all(0)` and hands the per-row flags back (the caller decides outside the graph)."""
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
        input_ids = torch.cat([input_ids, scores.argmax(-1)[:, None]], dim=-1)
        done = torch.stack([c(input_ids, scores) for c in self.criteria]).any(0)
        return input_ids, done


def example():
    return GreedyStep(), (torch.randn(2, 3, 8), torch.tensor([[1, 4], [1, 5]]))
