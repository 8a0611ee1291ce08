"""Attention-mask preparation that reads only metadata: `is not None`, `.dim()`, `.shape[-1]`, `.dtype`,
`torch.is_floating_point` and `mask.bool()`; a 2-d integer mask is expanded and inverted with `finfo.min`."""
import torch
from torch import nn


def expand_mask(mask, dtype, tgt_len=None):
    bsz, src_len = mask.size()
    tgt_len = tgt_len if tgt_len is not None else src_len
    expanded = mask[:, None, None, :].expand(bsz, 1, tgt_len, src_len).to(dtype)
    inverted = 1.0 - expanded
    return inverted.masked_fill(inverted.to(torch.bool), torch.finfo(dtype).min)


class Attention(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.qk = nn.Linear(dim, 2 * dim)

    def forward(self, hidden_states, attention_mask=None):
        q, k = self.qk(hidden_states).chunk(2, dim=-1)
        scores = (q @ k.transpose(-1, -2))[:, None]
        if attention_mask is not None:
            if attention_mask.dim() == 2:
                attention_mask = expand_mask(attention_mask, scores.dtype, scores.shape[-2])
            elif not torch.is_floating_point(attention_mask):
                attention_mask = (~attention_mask.bool()).to(scores.dtype) * torch.finfo(scores.dtype).min
            if attention_mask.shape[-1] != scores.shape[-1]:
                raise ValueError("mask length does not match the keys")
            scores = scores + attention_mask
        return scores.softmax(-1)


def example():
    return Attention(), (torch.randn(2, 3, 4), torch.tensor([[1, 1, 0], [1, 1, 1]]))
