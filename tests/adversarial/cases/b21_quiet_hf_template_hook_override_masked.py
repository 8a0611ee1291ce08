"""A decoder layer subclasses the utils file's template base: its `mix` override pools the attended tokens through a
masked sum divided by the token count (tensors throughout), never selecting them."""
import torch
from torch import nn

from b21_hf_utils import Config, DecoderLayerBase


class MaskedPoolingLayer(DecoderLayerBase):
    def mix(self, hidden, attention_mask):
        weights = attention_mask[..., None].to(hidden.dtype)
        pooled = (self.proj(hidden) * weights).sum(1, keepdim=True) / weights.sum(1, keepdim=True).clamp(min=1)
        return pooled.expand_as(hidden)


class TinyDecoder(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.layers = nn.ModuleList([MaskedPoolingLayer(config)])

    def forward(self, hidden, attention_mask):
        for layer in self.layers:
            hidden = layer(hidden, attention_mask)
        return hidden


def example():
    return TinyDecoder(), (torch.randn(2, 3, 8), torch.tensor([[1, 1, 0], [1, 1, 1]]))
