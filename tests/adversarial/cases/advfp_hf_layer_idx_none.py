"""A decoder attention built without its `layer_idx` (default None): the forward's `self.layer_idx is None` warning
branch is taken while traced, and the logger call breaks."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class Config:
    hidden_size = 8
    num_attention_heads = 2


class DecoderAttention(nn.Module):
    def __init__(self, config, layer_idx=None):
        super().__init__()
        self.config = config
        self.layer_idx = layer_idx
        self.head_dim = config.hidden_size // config.num_attention_heads
        self.q_proj = nn.Linear(config.hidden_size, config.hidden_size)
        self.o_proj = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, hidden_states, past_key_values=None):
        if past_key_values is not None and self.layer_idx is None:
            raise ValueError("layer_idx is required when a cache is passed")
        if self.layer_idx is None:
            logger.warning("DecoderAttention without layer_idx: caching will not work")  # expect: CL131
        query = self.q_proj(hidden_states)
        weights = torch.softmax(query @ query.transpose(-1, -2) / self.head_dim ** 0.5, dim=-1)
        return self.o_proj(weights @ hidden_states)


def example():
    return DecoderAttention(Config()), (torch.randn(1, 3, 8),)
