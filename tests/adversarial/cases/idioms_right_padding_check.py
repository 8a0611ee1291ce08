"""HF's 'padding side' sanity check and T5's fp16 clamp: the old `if torch.isinf(h).any()` form reads
data, the newer `torch.where` form does not."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class T5Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.ff = nn.Linear(4, 4)

    def forward(self, hidden_states, attention_mask):
        if attention_mask[:, -1].sum() != attention_mask.shape[0]:  # expect: CL101
            hidden_states = hidden_states * attention_mask[..., None]
        hidden_states = self.ff(hidden_states)
        if hidden_states.dtype == torch.float16:
            clamp_value = torch.where(torch.isinf(hidden_states).any(),
                                      torch.finfo(hidden_states.dtype).max - 1000,
                                      torch.finfo(hidden_states.dtype).max)
            hidden_states = torch.clamp(hidden_states, min=-clamp_value, max=clamp_value)
        if torch.isinf(hidden_states).any():  # expect: CL101
            clamp_value = torch.finfo(hidden_states.dtype).max - 1000
            hidden_states = torch.clamp(hidden_states, min=-clamp_value, max=clamp_value)
        return hidden_states


def example():
    mask = torch.ones(2, 3)
    mask[1, -1] = 0
    return T5Layer(), (torch.randn(2, 3, 4), mask)
