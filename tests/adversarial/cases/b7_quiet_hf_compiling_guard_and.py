"""A mask fast path behind a project guard helper: `is_torchdynamo_compiling()` wraps the compiler's own
check (with a fallback for old torch), and `not is_torchdynamo_compiling() and (mask == 0).any()` never
reaches the data read under torch.compile."""
import torch
from torch import nn


def is_torchdynamo_compiling():
    try:
        import torch

        return torch.compiler.is_compiling()
    except Exception:
        return False


class MaskHelpers:
    def _ignore_causal_mask(self, attention_mask):
        if attention_mask is None:
            return True
        return not is_torchdynamo_compiling() and not (attention_mask == 0).any()


class SelfAttention(MaskHelpers, nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, hidden, attention_mask=None):
        q, k, v = self.qkv(hidden).chunk(3, dim=-1)
        if self._ignore_causal_mask(attention_mask):
            mask = None
        else:
            mask = attention_mask[:, None, None, :].bool()
        return torch.nn.functional.scaled_dot_product_attention(q[:, None], k[:, None], v[:, None], attn_mask=mask)


def example():
    return SelfAttention(), (torch.randn(2, 3, 4), torch.tensor([[1, 1, 0], [1, 1, 1]]))
