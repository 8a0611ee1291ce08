"""ALiBi bias for a BLOOM-style model: head slopes come from `math.log2`/`math.floor` on the head count (a
Python int), wrapped once in `torch.tensor`, and the positions from a cumsum over the attention mask."""
import math

import torch
from torch import nn


def build_alibi_tensor(attention_mask, num_heads, dtype):
    batch_size, seq_length = attention_mask.shape
    closest_power_of_2 = 2 ** math.floor(math.log2(num_heads))
    base = torch.tensor(2 ** (-(2 ** -(math.log2(closest_power_of_2) - 3))), dtype=torch.float32)
    powers = torch.arange(1, 1 + closest_power_of_2, dtype=torch.int32)
    slopes = torch.pow(base, powers)
    if closest_power_of_2 != num_heads:
        extra_base = torch.tensor(2 ** (-(2 ** -(math.log2(2 * closest_power_of_2) - 3))), dtype=torch.float32)
        num_remaining = min(closest_power_of_2, num_heads - closest_power_of_2)
        extra_powers = torch.arange(1, 1 + 2 * num_remaining, 2, dtype=torch.int32)
        slopes = torch.cat([slopes, torch.pow(extra_base, extra_powers)], dim=0)
    arange_tensor = ((attention_mask.cumsum(dim=-1) - 1) * attention_mask)[:, None, :]
    alibi = slopes[..., None] * arange_tensor
    return alibi.reshape(batch_size * num_heads, 1, seq_length).to(dtype)


class AlibiAttentionScores(nn.Module):
    def __init__(self, heads=6, dim=12):
        super().__init__()
        self.heads = heads
        self.qk = nn.Linear(dim, 2 * dim)

    def forward(self, hidden, attention_mask):
        b, s, d = hidden.shape
        q, k = self.qk(hidden).view(b, s, 2, self.heads, d // self.heads).unbind(2)
        q = q.transpose(1, 2).reshape(b * self.heads, s, -1)
        k = k.transpose(1, 2).reshape(b * self.heads, s, -1)
        alibi = build_alibi_tensor(attention_mask, self.heads, hidden.dtype)
        return torch.baddbmm(alibi, q, k.transpose(1, 2), beta=1.0, alpha=(d // self.heads) ** -0.5)


def example():
    mask = torch.tensor([[1, 1, 1, 0], [1, 1, 1, 1]])
    return AlibiAttentionScores(), (torch.randn(2, 4, 12), mask)
