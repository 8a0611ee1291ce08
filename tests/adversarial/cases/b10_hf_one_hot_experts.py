"""Router statistics for a load-balancing loss: the expert mask is built with `one_hot(selected)` and no
`num_classes`, so its width depends on the largest expert id picked."""
import torch
from torch import nn
from torch.nn import functional as F


class RouterAux(nn.Module):
    def __init__(self, dim=8, num_experts=4, top_k=2):
        super().__init__()
        self.top_k = top_k
        self.gate = nn.Linear(dim, num_experts)

    def forward(self, hidden_states):
        probs = self.gate(hidden_states).softmax(-1)
        _, selected = torch.topk(probs, self.top_k, dim=-1)
        expert_mask = F.one_hot(selected)  # expect: CL123
        tokens_per_expert = expert_mask.float().mean(0)
        return tokens_per_expert.sum() + probs.mean()


def example():
    return RouterAux(), (torch.randn(5, 8),)
