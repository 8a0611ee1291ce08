"""Sparse MoE block that loops only over the experts hit (`expert_hit` from nonzero)."""
import torch
from torch import nn
import torch.nn.functional as F


class Expert(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.w1 = nn.Linear(dim, 16)
        self.w2 = nn.Linear(16, dim)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)))


class SparseMoeBlock(nn.Module):
    def __init__(self, dim=8, num_experts=4, top_k=2):
        super().__init__()
        self.num_experts, self.top_k = num_experts, top_k
        self.gate = nn.Linear(dim, num_experts, bias=False)
        self.experts = nn.ModuleList([Expert(dim) for _ in range(num_experts)])

    def forward(self, hidden_states):
        batch_size, sequence_length, hidden_dim = hidden_states.shape
        hidden_states = hidden_states.view(-1, hidden_dim)
        router_logits = self.gate(hidden_states)
        routing_weights = F.softmax(router_logits, dim=1, dtype=torch.float)
        routing_weights, selected_experts = torch.topk(routing_weights, self.top_k, dim=-1)
        routing_weights /= routing_weights.sum(dim=-1, keepdim=True)
        routing_weights = routing_weights.to(hidden_states.dtype)
        final_hidden_states = torch.zeros((batch_size * sequence_length, hidden_dim), dtype=hidden_states.dtype)
        expert_mask = F.one_hot(selected_experts, num_classes=self.num_experts).permute(2, 1, 0)
        expert_hit = torch.greater(expert_mask.sum(dim=(-1, -2)), 0).nonzero()  # expect: CL121
        for expert_idx in expert_hit:
            expert_layer = self.experts[expert_idx]  # expect: CL114
            weight = (routing_weights * (selected_experts == expert_idx)).sum(dim=-1, keepdim=True)
            final_hidden_states += expert_layer(hidden_states) * weight
        return final_hidden_states.reshape(batch_size, sequence_length, hidden_dim), router_logits


def example():
    return SparseMoeBlock(), (torch.randn(2, 3, 8),)
