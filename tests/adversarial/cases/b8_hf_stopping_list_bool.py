"""A stopping-criteria list (a list subclass) ORs its criteria's per-row answers; the decode loop asks
the list whether every row is done, and the list answers with `bool(...)` of a tensor."""
import torch
from torch import nn


class MaxLengthCriteria:
    def __init__(self, max_length):
        self.max_length = max_length

    def __call__(self, input_ids):
        done = input_ids.shape[-1] >= self.max_length
        return torch.full((input_ids.shape[0],), done, dtype=torch.bool)


class EosCriteria:
    def __init__(self, eos_token_id):
        self.eos_token_id = eos_token_id

    def __call__(self, input_ids):
        return input_ids[:, -1] == self.eos_token_id


class StoppingCriteriaList(list):
    def __call__(self, input_ids):
        is_done = torch.zeros(input_ids.shape[0], dtype=torch.bool)
        for criteria in self:
            is_done = is_done | criteria(input_ids)
        return is_done

    def all_done(self, unfinished):
        return bool(unfinished.eq(0).all())  # expect: CL111


class TinyLM(nn.Module):
    def __init__(self, vocab=6, dim=4):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.head = nn.Linear(dim, vocab)
        self.criteria = StoppingCriteriaList([MaxLengthCriteria(6), EosCriteria(0)])

    def forward(self, input_ids):
        unfinished = torch.ones(input_ids.shape[0], dtype=torch.long)
        for _ in range(3):
            logits = self.head(self.embed(input_ids[:, -1]))
            next_tokens = logits.argmax(-1) * unfinished
            input_ids = torch.cat([input_ids, next_tokens[:, None]], dim=-1)
            unfinished = unfinished & ~self.criteria(input_ids)
            if self.criteria.all_done(unfinished):
                break
        return input_ids


def example():
    return TinyLM(), (torch.tensor([[1, 2], [3, 4]]),)
