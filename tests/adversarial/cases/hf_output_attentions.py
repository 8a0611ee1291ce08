"""output_attentions with sdpa: the eager fallback announced through warnings and the logger."""
import logging
import warnings

import torch
from torch import nn
import torch.nn.functional as F

logger = logging.getLogger(__name__)


class SdpaAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(8, 24)

    def eager(self, q, k, v):
        weights = torch.softmax(q @ k.transpose(-1, -2), dim=-1)
        return weights @ v, weights

    def forward(self, hidden_states, output_attentions=False):
        q, k, v = self.qkv(hidden_states).chunk(3, dim=-1)
        if output_attentions:
            logger.warning(  # expect: CL131
                "SdpaAttention does not support `output_attentions=True`. Falling back to the manual attention."
            )
            return self.eager(q, k, v)
        return F.scaled_dot_product_attention(q, k, v), None


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = SdpaAttention()

    def forward(self, x, output_attentions=False, head_mask=None):
        if head_mask is not None:
            warnings.warn("`head_mask` is deprecated and will be removed", FutureWarning)  # expect: CL131
        out, weights = self.attn(x, output_attentions=output_attentions)
        all_attentions = (weights,) if output_attentions else None
        return out, all_attentions


def example():
    return Model(), (torch.randn(2, 3, 8), True, torch.ones(2))
