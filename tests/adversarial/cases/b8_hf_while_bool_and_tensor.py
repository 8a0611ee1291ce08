"""A generation loop whose condition looks like Python: `(cur_len < max_length) & unfinished.any()` mixes
a Python bool with a tensor, so the `while` tests a tensor."""
import torch
from torch import nn


class Sampler(nn.Module):
    def __init__(self, vocab=5, dim=4, max_length=5, eos_token_id=0):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.lm_head = nn.Linear(dim, vocab)
        self.max_length = max_length
        self.eos_token_id = eos_token_id

    def forward(self, input_ids):
        cur_len = input_ids.shape[-1]
        unfinished = torch.ones(input_ids.shape[0], dtype=torch.bool)
        while (cur_len < self.max_length) & unfinished.any():  # expect: CL101
            next_tokens = self.lm_head(self.embed(input_ids[:, -1])).argmax(-1)
            input_ids = torch.cat([input_ids, next_tokens[:, None]], dim=-1)
            unfinished = unfinished & (next_tokens != self.eos_token_id)
            cur_len += 1
        return input_ids


def example():
    return Sampler(), (torch.tensor([[1, 2], [3, 4]]),)
