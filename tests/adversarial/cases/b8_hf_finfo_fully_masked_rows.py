"""A 4-d causal mask filled with `torch.finfo(dtype).min` (no break), then rows that mask every key are
unmasked, but only when there is one: `if fully_masked.any():`."""
import torch
from torch import nn


def build_causal_mask(attention_mask, seq_len, dtype):
    min_dtype = torch.finfo(dtype).min
    causal = torch.triu(torch.full((seq_len, seq_len), min_dtype, dtype=dtype), diagonal=1)
    causal = causal[None, None].expand(attention_mask.shape[0], 1, -1, -1).clone()
    padding = attention_mask[:, None, None, :] == 0
    causal = causal.masked_fill(padding, min_dtype)
    fully_masked = (causal == min_dtype).all(dim=-1, keepdim=True)
    if fully_masked.any():  # expect: CL101
        causal = causal.mul(~fully_masked)
    return causal


class Scores(nn.Module):
    def forward(self, scores, attention_mask):
        return scores + build_causal_mask(attention_mask, scores.shape[-1], scores.dtype)


def example():
    return Scores(), (torch.randn(2, 1, 3, 3), torch.tensor([[0, 1, 1], [1, 1, 1]]))
