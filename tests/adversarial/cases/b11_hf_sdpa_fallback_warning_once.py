"""SDPA attention that falls back to the eager path when attention weights are requested, warning once
through an lru_cache'd helper; the example's config asks for the weights."""
import functools
import logging
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn

logger = logging.getLogger(__name__)


@functools.lru_cache(None)
def warning_once(message):
    logger.warning(message)  # expect: CL131


@dataclass
class Config:
    hidden_size: int = 8
    num_attention_heads: int = 2
    output_attentions: bool = True


class SdpaAttention(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.heads = config.num_attention_heads
        self.head_dim = config.hidden_size // self.heads
        self.qkv = nn.Linear(config.hidden_size, 3 * config.hidden_size)

    def _eager(self, q, k, v):
        weights = (q @ k.transpose(-1, -2) / self.head_dim ** 0.5).softmax(-1)
        return weights @ v, weights

    def forward(self, hidden_states, output_attentions=False):
        b, n, _ = hidden_states.shape
        q, k, v = self.qkv(hidden_states).view(b, n, 3, self.heads, self.head_dim).permute(2, 0, 3, 1, 4)
        if output_attentions:
            warning_once("SDPA does not return attention weights; falling back to the eager implementation.")
            out, weights = self._eager(q, k, v)
        else:
            out, weights = F.scaled_dot_product_attention(q, k, v, is_causal=True), None
        return out.transpose(1, 2).reshape(b, n, -1), weights


class Layer(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.self_attn = SdpaAttention(config)

    def forward(self, hidden_states, output_attentions=None):
        output_attentions = output_attentions if output_attentions is not None else self.config.output_attentions
        out, weights = self.self_attn(hidden_states, output_attentions=output_attentions)
        return hidden_states + out, weights


def example():
    return Layer(Config()), (torch.randn(2, 4, 8),)
