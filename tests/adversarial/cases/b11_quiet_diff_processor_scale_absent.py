"""The utils' attention processor, reached with no deprecated argument: no positional extras and no
`scale` key, so `deprecate` (and its warning) is never called."""
import torch
from torch import nn

from b11_diff_utils import Attention


class CrossAttnBlock(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.attn1 = Attention(dim)
        self.attn2 = Attention(dim)

    def forward(self, hidden_states, encoder_hidden_states, cross_attention_kwargs=None):
        cross_attention_kwargs = cross_attention_kwargs if cross_attention_kwargs is not None else {}
        hidden_states = self.attn1(self.norm(hidden_states), **cross_attention_kwargs) + hidden_states
        hidden_states = self.attn2(self.norm(hidden_states), encoder_hidden_states) + hidden_states
        return hidden_states


def example():
    return CrossAttnBlock(), (torch.randn(2, 4, 8), torch.randn(2, 3, 8))
