"""Contrastive search keeps the candidate with the best model-confidence minus degeneration-penalty score; the best
index is chosen with builtin `max` over candidate indices, keyed by a lambda reading the score tensor."""
import torch
from torch import nn


class ContrastiveSelector(nn.Module):
    def __init__(self, top_k=3, penalty_alpha=0.6):
        super().__init__()
        self.top_k = top_k
        self.penalty_alpha = penalty_alpha

    def forward(self, top_k_probs, context_hidden, next_hidden):
        norm_context = context_hidden / context_hidden.norm(dim=-1, keepdim=True)
        norm_next = next_hidden / next_hidden.norm(dim=-1, keepdim=True)
        degeneration = (norm_next @ norm_context.transpose(0, 1)).max(dim=-1).values
        scores = (1.0 - self.penalty_alpha) * top_k_probs - self.penalty_alpha * degeneration
        best = max(range(self.top_k), key=lambda j: scores[j])  # expect: CL174
        return next_hidden[best]


def example():
    return ContrastiveSelector(), (torch.rand(3), torch.randn(5, 8), torch.randn(3, 8))
