"""The same list-subclass `StoppingCriteriaList`, holding a length budget and an end-of-sequence test (`torch.isin`
on the last tokens): every verdict is a tensor or a shape test, ored in the loop."""
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


class EosTokenCriteria(StoppingCriteria):
    def __init__(self, eos_token_id):
        self.eos_token_id = torch.tensor(eos_token_id)

    def __call__(self, input_ids, scores):
        return torch.isin(input_ids[:, -1], self.eos_token_id)


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
        self.stopping_criteria = StoppingCriteriaList([MaxLengthCriteria(32), EosTokenCriteria([2, 3])])

    def forward(self, input_ids, hidden):
        scores = self.head(hidden[:, -1])
        next_tokens = scores.argmax(-1)
        input_ids = torch.cat([input_ids, next_tokens[:, None]], dim=-1)
        return input_ids, self.stopping_criteria(input_ids, scores)


def example():
    return GreedyStep(), (torch.randint(0, 16, (2, 4)), torch.randn(2, 4, 8))
