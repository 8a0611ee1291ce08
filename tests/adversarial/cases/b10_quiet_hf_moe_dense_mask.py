"""Compile-friendly MoE: top-k routing, `one_hot(selected, num_classes=self.num_experts)`, and every expert
applied densely with its routing weight from the mask (no per-expert token gather, no data-dependent skip)."""
import torch
from torch import nn
from torch.nn import functional as F


class DenseMoe(nn.Module):
    def __init__(self, dim=8, num_experts=4, top_k=2):
        super().__init__()
        self.num_experts = num_experts
        self.top_k = top_k
        self.gate = nn.Linear(dim, num_experts, bias=False)
        self.experts = nn.ModuleList(nn.Linear(dim, dim) for _ in range(num_experts))

    def forward(self, hidden_states):
        routing = F.softmax(self.gate(hidden_states), dim=-1, dtype=torch.float)
        routing_weights, selected_experts = torch.topk(routing, self.top_k, dim=-1)
        routing_weights = routing_weights / routing_weights.sum(dim=-1, keepdim=True)
        expert_mask = F.one_hot(selected_experts, num_classes=self.num_experts)
        per_expert = (expert_mask * routing_weights[..., None]).sum(-2)
        out = torch.zeros_like(hidden_states)
        for expert_idx, expert in enumerate(self.experts):
            weight = per_expert[..., expert_idx, None]
            out = out + torch.where(weight > 0, expert(hidden_states) * weight, 0.0)
        return out


def example():
    return DenseMoe(), (torch.randn(2, 3, 8),)
