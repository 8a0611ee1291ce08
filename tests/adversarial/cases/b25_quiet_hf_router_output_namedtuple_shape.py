"""The same router output's helper method answers a shape count (tokens routed, `numel()`) and a tensor of dropped
tokens that stays a tensor."""
from typing import NamedTuple

import torch
from torch import nn


class RouterOutput(NamedTuple):
    expert_index: torch.Tensor
    router_probs: torch.Tensor
    keep_mask: torch.Tensor

    def routed_tokens(self):
        return self.keep_mask.numel()

    def dropped_fraction(self):
        return (~self.keep_mask).float().mean()


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

    def forward(self, hidden):
        routed = self.router(hidden)
        scale = routed.routed_tokens() / hidden.shape[1]
        aux = routed.dropped_fraction() * scale
        return hidden * routed.router_probs.max(-1).values[..., None] * routed.keep_mask[..., None], aux


def example():
    return SwitchLayer(), (torch.randn(2, 6, 8),)
