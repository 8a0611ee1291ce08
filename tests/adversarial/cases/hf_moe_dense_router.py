"""A compile-friendly MoE: every expert runs, the routing weights scatter into a dense matrix."""
import torch
from torch import nn
import torch.nn.functional as F


class TopKRouter(nn.Module):
    def __init__(self, dim=8, num_experts=4, top_k=2, norm_topk_prob=True):
        super().__init__()
        self.top_k, self.num_experts, self.norm_topk_prob = top_k, num_experts, norm_topk_prob
        self.weight = nn.Parameter(torch.randn(num_experts, dim))

    def forward(self, hidden_states):
        router_logits = F.linear(hidden_states, self.weight)
        router_probs = torch.softmax(router_logits, dim=-1, dtype=torch.float)
        top_values, top_indices = torch.topk(router_probs, self.top_k, dim=-1)
        if self.norm_topk_prob:
            top_values = top_values / top_values.sum(dim=-1, keepdim=True)
        dense = torch.zeros_like(router_probs).scatter(1, top_indices, top_values)
        return dense, router_logits


class DenseMoe(nn.Module):
    def __init__(self, dim=8, num_experts=4):
        super().__init__()
        self.router = TopKRouter(dim, num_experts)
        self.experts = nn.ModuleList([nn.Linear(dim, dim) for _ in range(num_experts)])

    def forward(self, hidden_states):
        routing, logits = self.router(hidden_states)
        outputs = torch.stack([expert(hidden_states) for expert in self.experts], dim=1)
        aux_loss = (logits.softmax(-1).mean(0) * routing.gt(0).float().mean(0)).sum() * len(self.experts)
        return (outputs * routing[..., None]).sum(dim=1), aux_loss


def example():
    return DenseMoe(), (torch.randn(6, 8),)
