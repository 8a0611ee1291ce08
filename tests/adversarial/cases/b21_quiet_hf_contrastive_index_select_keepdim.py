"""Contrastive search floors the penalty with builtin `max` of two 0-d tensors and picks the best candidate's hidden
state with `index_select` by the argmax kept one-element (`keepdim=True`), never indexing by a 0-d tensor."""
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
        best = scores.argmax(dim=0, keepdim=True)
        return next_hidden.index_select(0, best).squeeze(0)


def example():
    return ContrastiveSelector(), (torch.rand(3), torch.randn(5, 8), torch.randn(3, 8))
