"""A config object drives the attention path: with the sdpa implementation chosen and a mask given, the
model asks whether any position is padded before deciding to keep the mask (`(attention_mask == 0).any()`)."""
import torch
from torch import nn


class TinyConfig:
    def __init__(self, **kwargs):
        self.hidden_size = kwargs.pop("hidden_size", 8)
        self.num_attention_heads = kwargs.pop("num_attention_heads", 2)
        self._attn_implementation = kwargs.pop("attn_implementation", "sdpa")
        for key, value in kwargs.items():
            setattr(self, key, value)


class Attention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.heads = config.num_attention_heads
        self.qkv = nn.Linear(config.hidden_size, 3 * config.hidden_size)

    def forward(self, hidden_states, attention_mask=None):
        bsz, seq, dim = hidden_states.shape
        q, k, v = self.qkv(hidden_states).view(bsz, seq, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        mask = None
        if self.config._attn_implementation == "sdpa" and attention_mask is not None and (attention_mask == 0).any():  # expect: CL101
            mask = attention_mask[:, None, None, :].bool()
        out = torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=mask)
        return out.transpose(1, 2).reshape(bsz, seq, dim)


def example():
    return Attention(TinyConfig()), (torch.randn(2, 4, 8), torch.tensor([[1, 1, 1, 0], [1, 1, 1, 1]]))
