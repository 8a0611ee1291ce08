"""Decoder layers that pass each attention its `layer_idx` and leave `is_causal` at its default True: the
`not self.is_causal` warning branch is never taken while traced."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class Config:
    hidden_size = 8
    num_hidden_layers = 2


class LayerAttention(nn.Module):
    def __init__(self, config, layer_idx=None, is_causal=True):
        super().__init__()
        self.layer_idx = layer_idx
        self.is_causal = is_causal
        self.proj = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, hidden_states):
        if not self.is_causal:
            logger.warning("bidirectional attention in a decoder")
        scores = hidden_states @ hidden_states.transpose(-1, -2)
        mask = torch.ones_like(scores, dtype=torch.bool).tril()
        scores = scores.masked_fill(~mask, torch.finfo(scores.dtype).min)
        return self.proj(torch.softmax(scores, dim=-1) @ hidden_states)


class Decoder(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.layers = nn.ModuleList([LayerAttention(config, layer_idx=i) for i in range(config.num_hidden_layers)])

    def forward(self, hidden_states):
        for layer in self.layers:
            hidden_states = hidden_states + layer(hidden_states)
        return hidden_states


def example():
    return Decoder(Config()), (torch.randn(1, 3, 8),)
