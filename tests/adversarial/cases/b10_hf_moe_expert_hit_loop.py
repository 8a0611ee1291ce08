"""Sparse MoE block: top-k routing, a one-hot expert mask, and a loop over experts that skips the idle ones
(`if expert_mask[expert_idx].sum() > 0`) before gathering their tokens with one-argument `torch.where`."""
import torch
from torch import nn
from torch.nn import functional as F


class SparseMoe(nn.Module):
    def __init__(self, dim=8, num_experts=4, top_k=2):
        super().__init__()
        self.num_experts = num_experts
        self.top_k = top_k
        self.gate = nn.Linear(dim, num_experts, bias=False)
        self.experts = nn.ModuleList(nn.Linear(dim, dim) for _ in range(num_experts))

    def forward(self, hidden_states):
        bsz, seq, dim = hidden_states.shape
        flat = hidden_states.view(-1, dim)
        routing = F.softmax(self.gate(flat), dim=1, dtype=torch.float)
        routing_weights, selected_experts = torch.topk(routing, self.top_k, dim=-1)
        final = torch.zeros_like(flat)
        expert_mask = F.one_hot(selected_experts, num_classes=self.num_experts).permute(2, 1, 0)
        for expert_idx in range(self.num_experts):
            if expert_mask[expert_idx].sum() > 0:  # expect: CL101
                idx, top_x = torch.where(expert_mask[expert_idx])
                out = self.experts[expert_idx](flat[top_x]) * routing_weights[top_x, idx, None]
                final.index_add_(0, top_x, out.to(flat.dtype))
        return final.view(bsz, seq, dim)


def example():
    return SparseMoe(), (torch.randn(2, 3, 8),)
