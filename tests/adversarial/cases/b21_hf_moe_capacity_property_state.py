"""A switch-style MoE layer records the fraction of tokens routed to each expert on the module, and an
`over_capacity` property tests the recorded load; forward asks the property right after the routing."""
import torch
from torch import nn


class SwitchRouter(nn.Module):
    def __init__(self, dim=8, num_experts=4, capacity_factor=0.5):
        super().__init__()
        self.classifier = nn.Linear(dim, num_experts)
        self.experts = nn.ModuleList(nn.Linear(dim, dim) for _ in range(num_experts))
        self.capacity_factor = capacity_factor
        self._load = None

    @property
    def over_capacity(self):
        return self._load.max() > self.capacity_factor

    def forward(self, hidden):
        probs = self.classifier(hidden).softmax(-1)
        expert_mask = nn.functional.one_hot(probs.argmax(-1), num_classes=len(self.experts))
        self._load = expert_mask.float().mean(dim=(0, 1))
        if self.over_capacity:  # known-miss: CL101
            probs = probs * 0.5
        out = sum(expert(hidden) * probs[..., i:i + 1] for i, expert in enumerate(self.experts))
        return out


def example():
    return SwitchRouter(), (torch.randn(2, 3, 8),)
