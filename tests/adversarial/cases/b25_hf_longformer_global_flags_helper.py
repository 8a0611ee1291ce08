"""A Longformer-style encoder works out its global-attention flags in a helper that returns a tuple: the index mask,
whether any token is global (`.flatten().any().item()`) and the masked positions; forward unpacks it."""
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
        is_global_attn = is_index_global_attn.flatten().any().item()  # expect: CL111
        return is_index_masked, is_index_global_attn, is_global_attn

    def forward(self, hidden, attention_mask):
        is_index_masked, is_index_global_attn, is_global_attn = self._global_flags(attention_mask)
        out = self.local(hidden).masked_fill(is_index_masked[..., None], 0.0)
        if is_global_attn:
            out = out + self.glob(hidden) * is_index_global_attn[..., None]
        return out


def example():
    return LongEncoder(), (torch.randn(2, 4, 8), torch.tensor([[1, 0, 0, -1], [0, 0, 0, 0]]))
