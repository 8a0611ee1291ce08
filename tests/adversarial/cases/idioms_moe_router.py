"""Mixtral-style sparse MoE: the router's top-k and one_hot are static; the per-expert `torch.where`
inside the loop over experts has a data-dependent size (and skips the frame)."""
import torch
import torch.nn.functional as F
from torch import nn


class SparseMoe(nn.Module):
    def __init__(self, dim=4, num_experts=3, top_k=2):
        super().__init__()
        self.num_experts = num_experts
        self.top_k = top_k
        self.gate = nn.Linear(dim, num_experts, bias=False)
        self.experts = nn.ModuleList([nn.Linear(dim, dim) for _ in range(num_experts)])

    def forward(self, hidden):
        router_logits = self.gate(hidden)
        routing_weights = F.softmax(router_logits, dim=1, dtype=torch.float)
        routing_weights, selected_experts = torch.topk(routing_weights, self.top_k, dim=-1)
        routing_weights /= routing_weights.sum(dim=-1, keepdim=True)
        expert_mask = F.one_hot(selected_experts, num_classes=self.num_experts).permute(2, 1, 0)
        final = torch.zeros_like(hidden)
        for expert_idx in range(self.num_experts):
            idx, top_x = torch.where(expert_mask[expert_idx])  # expect: CL121
            if top_x.shape[0] == 0:
                continue
            current = hidden[top_x] * routing_weights[top_x, idx, None]
            final.index_add_(0, top_x, self.experts[expert_idx](current))
        return final


def example():
    return SparseMoe(), (torch.randn(6, 4),)
