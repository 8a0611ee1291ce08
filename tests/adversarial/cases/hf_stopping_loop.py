"""Stopping criteria and the `unfinished_sequences` bookkeeping of one decoding step."""
import torch
from torch import nn


class MaxLengthCriteria:
    def __init__(self, max_length: int):
        self.max_length = max_length

    def __call__(self, input_ids, scores, **kwargs):
        cur_len = input_ids.shape[-1]
        is_done = cur_len >= self.max_length
        return torch.full((input_ids.shape[0],), is_done, device=input_ids.device, dtype=torch.bool)


class EosTokenCriteria:
    def __init__(self, eos_token_id):
        self.eos_token_id = torch.tensor(eos_token_id)

    def __call__(self, input_ids, scores, **kwargs):
        return torch.isin(input_ids[:, -1], self.eos_token_id)


class StoppingCriteriaList(list):
    def __call__(self, input_ids, scores, **kwargs):
        is_done = torch.full((input_ids.shape[0],), False, device=input_ids.device, dtype=torch.bool)
        for criteria in self:
            is_done = is_done | criteria(input_ids, scores, **kwargs)
        return is_done


class DecodeStep(nn.Module):
    def __init__(self, vocab=16, pad_token_id=0):
        super().__init__()
        self.lm_head = nn.Linear(8, vocab)
        self.pad_token_id = pad_token_id
        self.stopping_criteria = StoppingCriteriaList([MaxLengthCriteria(32), EosTokenCriteria([1, 2])])

    def forward(self, input_ids, hidden, unfinished_sequences):
        next_token_logits = self.lm_head(hidden[:, -1, :])
        next_tokens = torch.argmax(next_token_logits, dim=-1)
        next_tokens = next_tokens * unfinished_sequences + self.pad_token_id * (1 - unfinished_sequences)
        input_ids = torch.cat([input_ids, next_tokens[:, None]], dim=-1)
        unfinished_sequences = unfinished_sequences & ~self.stopping_criteria(input_ids, next_token_logits)
        this_peer_finished = unfinished_sequences.max() == 0
        if this_peer_finished:  # expect: CL101
            return input_ids, unfinished_sequences
        return input_ids, unfinished_sequences


def example():
    return DecodeStep(), (torch.randint(3, 16, (2, 4)), torch.randn(2, 4, 8), torch.ones(2, dtype=torch.long))
