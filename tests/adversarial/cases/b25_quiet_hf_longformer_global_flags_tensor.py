"""The same encoder keeps "any global token" a tensor and gates the global branch by multiplication, never asking
Python about it."""
import torch
from torch import nn


class LongEncoder(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.local = nn.Linear(dim, dim)
        self.glob = nn.Linear(dim, dim)

    @staticmethod
    def _global_flags(attention_mask):
        is_index_masked = attention_mask < 0
        is_index_global_attn = attention_mask > 0
        is_global_attn = is_index_global_attn.flatten().any()
        return is_index_masked, is_index_global_attn, is_global_attn

    def forward(self, hidden, attention_mask):
        is_index_masked, is_index_global_attn, is_global_attn = self._global_flags(attention_mask)
        out = self.local(hidden).masked_fill(is_index_masked[..., None], 0.0)
        glob = self.glob(hidden) * is_index_global_attn[..., None]
        return out + glob * is_global_attn.to(out.dtype)


def example():
    return LongEncoder(), (torch.randn(2, 4, 8), torch.tensor([[1, 0, 0, -1], [0, 0, 0, 0]]))
