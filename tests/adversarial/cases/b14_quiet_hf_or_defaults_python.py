"""`or` fallbacks on Python values: a config scale that is None, a past key-value tuple that is empty, and
head_mask that is None; and `and` on a flag and a shape."""
import torch
from torch import nn

from b14_hf_utils import Config


class Attention(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.head_dim = config.hidden_size
        self.scale = config.attention_scale or self.head_dim ** -0.5
        self.qkv = nn.Linear(config.hidden_size, 3 * config.hidden_size)
        self.is_causal = True

    def forward(self, hidden, past_key_value=None, head_mask=None):
        past_key_value = past_key_value or ()
        q, k, v = self.qkv(hidden).chunk(3, dim=-1)
        if past_key_value:
            k = torch.cat([past_key_value[0], k], dim=1)
        scores = (q @ k.transpose(-1, -2)) * (self.scale or 1.0)
        if self.is_causal and hidden.shape[1] > 1:
            scores = scores.masked_fill(torch.ones_like(scores, dtype=torch.bool).triu(1), float("-inf"))
        probs = scores.softmax(-1) * (head_mask or 1.0)
        return probs @ v


def example():
    return Attention(), (torch.randn(1, 3, 8),)
