"""The padding check is skipped under torch.compile: a local `_is_compiling()` helper wraps
`torch.compiler.is_compiling()`, and `not _is_compiling() and (attention_mask == 0).any()` short-circuits."""
import torch
from torch import nn


def _is_compiling():
    try:
        return torch.compiler.is_compiling()
    except AttributeError:
        return False


class SelfAttention(nn.Module):
    def __init__(self, dim=8, heads=2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, hidden_states, attention_mask=None):
        bsz, seq, dim = hidden_states.shape
        q, k, v = self.qkv(hidden_states).view(bsz, seq, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        mask = None
        if attention_mask is not None:
            if _is_compiling() or (attention_mask == 0).any():
                mask = attention_mask[:, None, None, :].bool()
        out = nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return out.transpose(1, 2).reshape(bsz, seq, dim)


def example():
    return SelfAttention(), (torch.randn(2, 4, 8), torch.tensor([[1, 1, 1, 0], [1, 1, 1, 1]]))
