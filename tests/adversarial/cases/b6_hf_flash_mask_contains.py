"""Flash-attention mask preparation: "is there any padding at all" is asked as `0.0 in attention_mask`, which
is Tensor.__contains__, a reduction read back to the host. The mask expansion around it is plain tensor code."""
from typing import Optional

import torch
from torch import nn


def prepare_4d_mask(attention_mask: Optional[torch.Tensor], dtype: torch.dtype):
    if attention_mask is not None and 0.0 in attention_mask:  # expect: CL111
        expanded = attention_mask[:, None, None, :].to(dtype)
        return (1.0 - expanded) * torch.finfo(dtype).min
    return None


class FlashSelfAttention(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, hidden_states: torch.Tensor, attention_mask: Optional[torch.Tensor] = None):
        q, k, v = self.qkv(hidden_states).chunk(3, dim=-1)
        mask = prepare_4d_mask(attention_mask, q.dtype)
        scores = q @ k.transpose(-1, -2)
        if mask is not None:
            scores = scores + mask[:, 0]
        return scores.softmax(-1) @ v


def example():
    return FlashSelfAttention(), (torch.randn(2, 4, 8), torch.tensor([[1.0, 1, 1, 0], [1, 1, 1, 1]]))
