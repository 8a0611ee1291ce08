"""Contrastive search picks the best candidate with `argmax` over the scores (after flooring the penalty with builtin
`max` of two 0-d tensors, which compiles) and returns that candidate's hidden state, indexed by the 0-d argmax."""
import torch
from torch import nn


class ContrastiveSelector(nn.Module):
    def __init__(self, penalty_alpha=0.6):
        super().__init__()
        self.penalty_alpha = penalty_alpha

    def forward(self, top_k_probs, context_hidden, next_hidden):
        norm_context = context_hidden / context_hidden.norm(dim=-1, keepdim=True)
        norm_next = next_hidden / next_hidden.norm(dim=-1, keepdim=True)
        degeneration = (norm_next @ norm_context.transpose(0, 1)).max(dim=-1).values
        floor = max(degeneration.min(), top_k_probs.min())
        scores = (1.0 - self.penalty_alpha) * top_k_probs - self.penalty_alpha * (degeneration - floor)
        return next_hidden[scores.argmax()]  # expect: CL114


def example():
    return ContrastiveSelector(), (torch.rand(3), torch.randn(5, 8), torch.randn(3, 8))
