"""LeViT-style attention biases: in training (or under tracing) the bias table is gathered every call; in eval
it is cached per device in a dict keyed by `str(device)`. The string of a device, the dict membership test and
the dict write all compile."""
import itertools

import torch
from torch import nn


class AttentionWithBiasCache(nn.Module):
    attention_bias_cache: dict

    def __init__(self, dim=8, heads=2, resolution=3):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        points = list(itertools.product(range(resolution), range(resolution)))
        offsets, idxs = {}, []
        for p1 in points:
            for p2 in points:
                off = (abs(p1[0] - p2[0]), abs(p1[1] - p2[1]))
                if off not in offsets:
                    offsets[off] = len(offsets)
                idxs.append(offsets[off])
        self.attention_biases = nn.Parameter(torch.zeros(heads, len(offsets)))
        self.register_buffer("attention_bias_idxs", torch.tensor(idxs).view(len(points), len(points)),
                             persistent=False)
        self.attention_bias_cache = {}

    def get_attention_biases(self, device: torch.device) -> torch.Tensor:
        if torch.jit.is_tracing() or self.training:
            return self.attention_biases[:, self.attention_bias_idxs]
        device_key = str(device)
        if device_key not in self.attention_bias_cache:
            self.attention_bias_cache[device_key] = self.attention_biases[:, self.attention_bias_idxs]
        return self.attention_bias_cache[device_key]

    def forward(self, x):
        b, n, c = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, c // self.heads).permute(2, 0, 3, 1, 4)
        attn = q @ k.transpose(-2, -1) * (c // self.heads) ** -0.5 + self.get_attention_biases(x.device)
        return (attn.softmax(-1) @ v).transpose(1, 2).reshape(b, n, c)


def example():
    return AttentionWithBiasCache().eval(), (torch.randn(2, 9, 8),)
