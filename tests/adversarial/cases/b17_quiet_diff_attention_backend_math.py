"""The attention dispatch of the utils file with the math backend: the boolean mask is applied with
masked_fill, never tested."""
import torch
from torch import nn

from b17_diff_utils import Config, dispatch_attention


class Attention(nn.Module):
    def __init__(self, config=Config(), heads=2):
        super().__init__()
        self.heads = heads
        self.to_qkv = nn.Linear(config.hidden_size, 3 * config.hidden_size)

    def forward(self, hidden_states, attention_mask=None):
        b, n, _ = hidden_states.shape
        q, k, v = self.to_qkv(hidden_states).view(b, n, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        out = dispatch_attention(q, k, v, attn_mask=attention_mask, backend="math")
        return out.transpose(1, 2).reshape(b, n, -1)


def example():
    return Attention(), (torch.randn(1, 3, 8), torch.ones(3, 3, dtype=torch.bool))
