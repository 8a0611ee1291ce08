"""A sparse mixture-of-experts block: top-k routing, then for each expert the tokens routed to it are
found with the one-argument `torch.where` on the expert mask and gathered, computed and scattered back."""
import torch
import torch.nn.functional as F
from torch import nn


class SparseMoeBlock(nn.Module):
    def __init__(self, dim=4, num_experts=3, top_k=2):
        super().__init__()
        self.num_experts = num_experts
        self.top_k = top_k
        self.gate = nn.Linear(dim, num_experts, bias=False)
        self.experts = nn.ModuleList([nn.Linear(dim, dim) for _ in range(num_experts)])

    def forward(self, hidden_states):
        bsz, seq, dim = hidden_states.shape
        hidden_states = hidden_states.view(-1, dim)
        routing_weights = F.softmax(self.gate(hidden_states), dim=1, dtype=torch.float)
        routing_weights, selected_experts = torch.topk(routing_weights, self.top_k, dim=-1)
        routing_weights /= routing_weights.sum(dim=-1, keepdim=True)
        final = torch.zeros_like(hidden_states)
        expert_mask = F.one_hot(selected_experts, num_classes=self.num_experts).permute(2, 1, 0)
        for expert_idx in range(self.num_experts):
            idx, top_x = torch.where(expert_mask[expert_idx])  # expect: CL121
            current = hidden_states[None, top_x].reshape(-1, dim)
            current = self.experts[expert_idx](current) * routing_weights[top_x, idx, None]
            final.index_add_(0, top_x, current.to(hidden_states.dtype))
        return final.view(bsz, seq, dim)


def example():
    return SparseMoeBlock(), (torch.randn(1, 5, 4),)
