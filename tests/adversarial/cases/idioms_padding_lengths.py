"""Padding masks from sequence lengths, as speech and NLP encoders write them."""
import torch
from torch import nn


def lengths_to_padding_mask(lengths):
    max_len = int(lengths.max())  # expect: CL111
    return torch.arange(max_len, device=lengths.device)[None, :] >= lengths[:, None]


def static_padding_mask(lengths, max_len: int):
    return torch.arange(max_len, device=lengths.device).expand(lengths.size(0), max_len) >= lengths.unsqueeze(1)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(4)

    def forward(self, x, lengths):
        pad = static_padding_mask(lengths, x.size(1))
        x = self.norm(x).masked_fill(pad.unsqueeze(-1), 0.0)
        denom = (~pad).sum(1, keepdim=True).clamp(min=1)
        pooled = x.sum(1) / denom
        dynamic_pad = lengths_to_padding_mask(lengths)
        return pooled, dynamic_pad


def example():
    return Encoder(), (torch.randn(3, 6, 4), torch.tensor([6, 4, 2]))
