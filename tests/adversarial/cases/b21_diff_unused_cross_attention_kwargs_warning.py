"""An attention module forwards `cross_attention_kwargs` to its processor, dropping (and warning about) the keys the
processor's `__call__` does not take; the caller passes a LoRA `scale` this processor does not accept."""
import inspect
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class AttnProcessor:
    def __call__(self, attn, hidden_states, encoder_hidden_states=None):
        context = hidden_states if encoder_hidden_states is None else encoder_hidden_states
        scores = attn.to_q(hidden_states) @ attn.to_k(context).transpose(-1, -2)
        return scores.softmax(-1) @ attn.to_v(context)


class Attention(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.to_q, self.to_k, self.to_v = nn.Linear(dim, dim), nn.Linear(dim, dim), nn.Linear(dim, dim)
        self.processor = AttnProcessor()

    def forward(self, hidden_states, encoder_hidden_states=None, **cross_attention_kwargs):
        attn_parameters = set(inspect.signature(self.processor.__call__).parameters.keys())
        unused_kwargs = [k for k, _ in cross_attention_kwargs.items() if k not in attn_parameters]
        if len(unused_kwargs) > 0:
            message = f"cross_attention_kwargs {unused_kwargs} are not expected and will be ignored."
            logger.warning(message)  # expect: CL131
        kwargs = {k: w for k, w in cross_attention_kwargs.items() if k in attn_parameters}
        return self.processor(self, hidden_states, encoder_hidden_states, **kwargs)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()

    def forward(self, x, context):
        return self.attn(x, context, scale=0.5)


def example():
    return Block(), (torch.randn(1, 3, 8), torch.randn(1, 5, 8))
