"""A processor object (not a module) installed on the library's Attention in __init__; its `__call__` skips
the mask when no position is masked, a test on tensor values."""
import torch
from torch import nn

from b12_quiet_diff_blocks import Attention


class MaskSkippingProcessor:
    def __call__(self, attn, hidden_states, encoder_hidden_states=None, attention_mask=None):
        context = hidden_states if encoder_hidden_states is None else encoder_hidden_states
        query, key, value = attn.to_q(hidden_states), attn.to_k(context), attn.to_v(context)
        if attention_mask is not None and not (attention_mask < 0).any():  # expect: CL101
            attention_mask = None
        out = nn.functional.scaled_dot_product_attention(query, key, value, attn_mask=attention_mask)
        return attn.to_out(out)


class TransformerBlock(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.attn = Attention(dim, processor=MaskSkippingProcessor())

    def forward(self, x, mask=None):
        return x + self.attn(self.norm(x), attention_mask=mask)


def example():
    return TransformerBlock(), (torch.randn(1, 4, 8), torch.zeros(1, 4, 4))
