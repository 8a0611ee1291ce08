"""A YaRN rotary embedding scales cos/sin by an attention factor; the factor is a property computing
`0.1 * math.log(factor) + 1`, and the scaling factor was registered as a buffer so that it follows the checkpoint."""
import math

import torch
from torch import nn


class YarnRotaryEmbedding(nn.Module):
    def __init__(self, dim=8, base=10000.0, factor=4.0):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self.register_buffer("factor", torch.tensor(factor))

    @property
    def attention_factor(self):
        return 0.1 * math.log(self.factor) + 1.0  # expect: CL113

    def forward(self, x, position_ids):
        freqs = position_ids[..., None].float() * self.inv_freq
        emb = torch.cat((freqs, freqs), dim=-1)
        mscale = self.attention_factor
        return (emb.cos() * mscale).to(x.dtype), (emb.sin() * mscale).to(x.dtype)


def example():
    return YarnRotaryEmbedding(), (torch.randn(1, 3, 8), torch.arange(3)[None])
