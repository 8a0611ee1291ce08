"""A mixture of experts computed densely: every expert runs on every token and the routing weights, built by
scattering top-k probabilities into a zero tensor, select the result; the expert loop is over an int range."""
import torch
import torch.nn.functional as F
from torch import nn


class DenseMoe(nn.Module):
    def __init__(self, dim=4, num_experts=3, top_k=2):
        super().__init__()
        self.num_experts = num_experts
        self.top_k = top_k
        self.router = nn.Linear(dim, num_experts)
        self.experts = nn.ModuleList([nn.Linear(dim, dim) for _ in range(num_experts)])

    def forward(self, x):
        probs = F.softmax(self.router(x), dim=-1)
        top_p, top_i = probs.topk(self.top_k, dim=-1)
        weights = torch.zeros_like(probs).scatter(-1, top_i, top_p / top_p.sum(-1, keepdim=True))
        out = torch.zeros_like(x)
        for e in range(self.num_experts):
            chosen = (top_i == e).any(-1, keepdim=True).to(x.dtype)
            out = out + chosen * weights[..., e:e + 1] * self.experts[e](x)
        aux_loss = self.num_experts * (probs.mean(0) * (weights > 0).float().mean(0)).sum()
        return out, aux_loss


def example():
    return DenseMoe(), (torch.randn(5, 4),)
