"""Router z-loss and expert usage kept as tensors: `expert_mask.sum(0) > 0` is a boolean tensor fed to
`torch.where`, and the auxiliary loss multiplies means - no Python bool or number is read from them."""
import torch
from torch import nn
from torch.nn import functional as F


class Router(nn.Module):
    def __init__(self, dim=8, num_experts=4, top_k=2):
        super().__init__()
        self.num_experts = num_experts
        self.top_k = top_k
        self.classifier = nn.Linear(dim, num_experts)

    def forward(self, hidden_states):
        logits = self.classifier(hidden_states)
        z_loss = torch.logsumexp(logits, dim=-1).pow(2).mean()
        probs = logits.softmax(-1)
        _, selected = torch.topk(probs, self.top_k, dim=-1)
        expert_mask = F.one_hot(selected, num_classes=self.num_experts).sum(-2)
        used = expert_mask.sum(0) > 0
        usage = torch.where(used, expert_mask.float().mean(0), torch.zeros_like(probs[0]))
        aux = self.num_experts * (usage * probs.mean(0)).sum()
        return z_loss + aux


def example():
    return Router(), (torch.randn(6, 8),)
