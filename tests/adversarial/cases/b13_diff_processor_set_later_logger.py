"""A block swaps its attention's processor through `set_processor` in `__init__`; the new processor logs
the sequence length at debug level on every call."""
import logging

import torch
import torch.nn.functional as F
from torch import nn

from b13_quiet_diff_modeling import Attention

logger = logging.getLogger(__name__)


class LoggingProcessor:
    def __call__(self, attn, hidden_states, attention_mask=None):
        logger.debug("attention over %d tokens", hidden_states.shape[1])  # expect: CL131
        q, k, v = attn.to_q(hidden_states), attn.to_k(hidden_states), attn.to_v(hidden_states)
        return attn.to_out(F.scaled_dot_product_attention(q, k, v, attn_mask=attention_mask))


class TransformerBlock(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.attn = Attention(dim)
        self.attn.set_processor(LoggingProcessor())

    def forward(self, x):
        return x + self.attn(self.norm(x))


def example():
    return TransformerBlock(), (torch.randn(1, 4, 8),)
