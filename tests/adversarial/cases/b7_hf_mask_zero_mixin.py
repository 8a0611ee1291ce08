"""A text encoder whose attention-mask preparation lives in a mixin: when every token is attended the
mask is dropped (the sdpa fast path), decided by reading the mask's values: `(mask == 0).any()`."""
import torch
from torch import nn


class AttentionMaskMixin:
    def _prepare_attention_mask(self, attention_mask, dtype):
        if attention_mask is None:
            return None
        if not (attention_mask == 0).any():  # expect: CL101
            return None
        inverted = 1.0 - attention_mask[:, None, None, :].to(dtype)
        return inverted.masked_fill(inverted.bool(), torch.finfo(dtype).min)


class TinyEncoder(AttentionMaskMixin, nn.Module):
    def __init__(self, dim=8, heads=2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, hidden, attention_mask=None):
        bsz, seq, dim = hidden.shape
        mask = self._prepare_attention_mask(attention_mask, hidden.dtype)
        q, k, v = self.qkv(hidden).view(bsz, seq, 3, self.heads, dim // self.heads).unbind(2)
        q, k, v = (t.transpose(1, 2) for t in (q, k, v))
        out = torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return out.transpose(1, 2).reshape(bsz, seq, dim)


def example():
    return TinyEncoder(), (torch.randn(2, 5, 8), torch.tensor([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]]))
