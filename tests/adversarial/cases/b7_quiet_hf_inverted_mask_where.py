"""Extended attention masks built with tensor ops only: `torch.where(mask, 0.0, finfo.min)` (three
arguments), masked_fill with the inverted mask, a causal triangle from `torch.triu` on shape-sized ones."""
import torch
from torch import nn


def expand_mask(mask, dtype, tgt_len=None):
    bsz, src_len = mask.size()
    tgt_len = tgt_len if tgt_len is not None else src_len
    expanded = mask[:, None, None, :].expand(bsz, 1, tgt_len, src_len).to(dtype)
    inverted = 1.0 - expanded
    return inverted.masked_fill(inverted.to(torch.bool), torch.finfo(dtype).min)


def causal_mask(seq_len, dtype):
    min_value = torch.finfo(dtype).min
    upper = torch.triu(torch.ones(seq_len, seq_len, dtype=torch.bool), diagonal=1)
    return torch.where(upper, min_value, 0.0).to(dtype)[None, None]


class MaskedScores(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, hidden, attention_mask):
        scores = self.proj(hidden) @ hidden.transpose(1, 2)
        scores = scores[:, None] + expand_mask(attention_mask, scores.dtype) + causal_mask(hidden.shape[1], scores.dtype)
        return scores.softmax(-1)


def example():
    return MaskedScores(), (torch.randn(2, 3, 4), torch.tensor([[1, 1, 0], [1, 1, 1]]))
