"""Generation stopping criteria: a `StoppingCriteriaList` is a `list` subclass whose `__call__` ors every
criterion's per-row verdict; one of them is a wall-clock budget that reads `time.time()` each step."""
import time

import torch
from torch import nn


class StoppingCriteria:
    def __call__(self, input_ids, scores):
        raise NotImplementedError


class MaxLengthCriteria(StoppingCriteria):
    def __init__(self, max_length):
        self.max_length = max_length

    def __call__(self, input_ids, scores):
        is_done = input_ids.shape[-1] >= self.max_length
        return torch.full((input_ids.shape[0],), is_done, dtype=torch.bool)


class MaxTimeCriteria(StoppingCriteria):
    def __init__(self, max_time, initial_timestamp=None):
        self.max_time = max_time
        self.initial_timestamp = time.time() if initial_timestamp is None else initial_timestamp

    def __call__(self, input_ids, scores):
        is_done = time.time() - self.initial_timestamp > self.max_time  # known-miss: CL132
        return torch.full((input_ids.shape[0],), is_done, dtype=torch.bool)


class StoppingCriteriaList(list):
    def __call__(self, input_ids, scores):
        is_done = torch.full((input_ids.shape[0],), False, dtype=torch.bool)
        for criteria in self:
            is_done = is_done | criteria(input_ids, scores)
        return is_done


class GreedyStep(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(8, 16)
        self.stopping_criteria = StoppingCriteriaList([MaxLengthCriteria(32), MaxTimeCriteria(60.0)])

    def forward(self, input_ids, hidden):
        scores = self.head(hidden[:, -1])
        next_tokens = scores.argmax(-1)
        input_ids = torch.cat([input_ids, next_tokens[:, None]], dim=-1)
        return input_ids, self.stopping_criteria(input_ids, scores)


def example():
    return GreedyStep(), (torch.randint(0, 16, (2, 4)), torch.randn(2, 4, 8))
