"""MoE dispatch without the idle-expert check: every expert gathers its tokens with one-argument
`torch.where(expert_mask[i])`, whose output size depends on the routing."""
import torch
from torch import nn
from torch.nn import functional as F


class MoeDispatch(nn.Module):
    def __init__(self, dim=8, num_experts=3):
        super().__init__()
        self.num_experts = num_experts
        self.router = nn.Linear(dim, num_experts)
        self.experts = nn.ModuleList(nn.Linear(dim, dim) for _ in range(num_experts))

    def forward(self, x):
        weights, chosen = torch.topk(self.router(x).softmax(-1), 1, dim=-1)
        expert_mask = F.one_hot(chosen, num_classes=self.num_experts).permute(2, 1, 0)
        out = torch.zeros_like(x)
        for i, expert in enumerate(self.experts):
            rank, token = torch.where(expert_mask[i])  # expect: CL121
            out[token] += expert(x[token]) * weights[token, rank, None]
        return out


def example():
    return MoeDispatch(), (torch.randn(6, 8),)
