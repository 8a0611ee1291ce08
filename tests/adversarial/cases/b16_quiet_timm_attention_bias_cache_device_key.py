"""Attention biases cached per device in eval mode (a dict keyed by str(device) filled on first use), and
gathered from the table by an index buffer in training."""
import itertools

import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim=8, heads=2, resolution=2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        pos = torch.stack(torch.meshgrid(torch.arange(resolution), torch.arange(resolution), indexing="ij")).flatten(1)
        rel_pos = (pos[..., :, None] - pos[..., None, :]).abs()
        rel_pos = (rel_pos[0] * resolution) + rel_pos[1]
        self.attention_biases = nn.Parameter(torch.zeros(heads, resolution * resolution))
        self.register_buffer("attention_bias_idxs", rel_pos, persistent=False)
        self.attention_bias_cache = {}

    @torch.no_grad()
    def train(self, mode=True):
        super().train(mode)
        if mode and self.attention_bias_cache:
            self.attention_bias_cache = {}
        return self

    def get_attention_biases(self, device):
        if torch.jit.is_tracing() or self.training:
            return self.attention_biases[:, self.attention_bias_idxs]
        device_key = str(device)
        if device_key not in self.attention_bias_cache:
            self.attention_bias_cache[device_key] = self.attention_biases[:, self.attention_bias_idxs]
        return self.attention_bias_cache[device_key]

    def forward(self, x):
        B, N, C = x.shape
        q, k, v = self.qkv(x).reshape(B, N, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        attn = q @ k.transpose(-2, -1) + self.get_attention_biases(x.device)
        return (attn.softmax(-1) @ v).transpose(1, 2).reshape(B, N, C)


_unused = list(itertools.product(range(2), range(2)))


def example():
    return Attention().eval(), (torch.randn(2, 4, 8),)
