"""A T5 layer's fp16 overflow guard as written today: behind a dtype test, the clamp value is chosen by `torch.where`
on `isinf(...).any()` and never tested in Python."""
import torch
from torch import nn


class T5LayerFF(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.wi = nn.Linear(dim, 2 * dim)
        self.wo = nn.Linear(2 * dim, dim)

    def forward(self, hidden_states):
        hidden_states = hidden_states + self.wo(self.wi(hidden_states).relu())
        if hidden_states.dtype == torch.float16 or hidden_states.dtype == torch.float32:
            clamp_value = torch.where(
                torch.isinf(hidden_states).any(),
                torch.finfo(hidden_states.dtype).max - 1000,
                torch.finfo(hidden_states.dtype).max,
            )
            hidden_states = torch.clamp(hidden_states, min=-clamp_value, max=clamp_value)
        return hidden_states


def example():
    return T5LayerFF(), (torch.randn(2, 3, 8),)
