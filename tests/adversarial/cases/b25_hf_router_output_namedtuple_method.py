"""A switch-MoE router returns a NamedTuple that carries a helper method: `dropped_tokens()` counts the tokens over
capacity with `int(...)`, and the layer calls it to decide whether to log an overflow."""
from typing import NamedTuple

import torch
from torch import nn


class RouterOutput(NamedTuple):
    expert_index: torch.Tensor
    router_probs: torch.Tensor
    keep_mask: torch.Tensor

    def dropped_tokens(self):
        return int((~self.keep_mask).sum())  # expect: CL111


class SwitchRouter(nn.Module):
    def __init__(self, dim=8, num_experts=4, capacity=2):
        super().__init__()
        self.classifier = nn.Linear(dim, num_experts)
        self.capacity = capacity

    def forward(self, hidden):
        probs = self.classifier(hidden).softmax(-1)
        expert_index = probs.argmax(-1)
        one_hot = nn.functional.one_hot(expert_index, probs.shape[-1])
        position = one_hot.cumsum(dim=-2) * one_hot
        keep = (position <= self.capacity).all(-1)
        return RouterOutput(expert_index, probs, keep)


class SwitchLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = SwitchRouter()
        self.dropped = 0

    def forward(self, hidden):
        routed = self.router(hidden)
        dropped = routed.dropped_tokens()  # known-miss: CL158
        self.dropped += dropped  # expect: CL201
        return hidden * routed.router_probs.max(-1).values[..., None] * routed.keep_mask[..., None]


def example():
    return SwitchLayer(), (torch.randn(2, 6, 8),)
