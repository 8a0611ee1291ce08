"""A decoder layer subclasses the utils file's template base: the base forward (in another file) calls `mix`, and
this subclass's `mix` keeps only the attended tokens' states before projecting them."""
import torch
from torch import nn

from b21_hf_utils import Config, DecoderLayerBase


class TokenMergingLayer(DecoderLayerBase):
    def mix(self, hidden, attention_mask):
        kept = hidden[attention_mask.bool()]  # expect: CL122
        pooled = self.proj(kept).mean(0)
        return pooled.expand_as(hidden)


class TinyDecoder(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.layers = nn.ModuleList([TokenMergingLayer(config)])

    def forward(self, hidden, attention_mask):
        return self.layers[0](hidden, attention_mask)


def example():
    return TinyDecoder(), (torch.randn(2, 3, 8), torch.tensor([[1, 1, 0], [1, 1, 1]]))
