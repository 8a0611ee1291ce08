"""Locally typical sampling: tokens are sorted by how far their surprisal is from the entropy, the cutoff index is
the count of cumulative probabilities under the mass (clamped in place to the vocabulary), and the cutoff score is
gathered at it."""
import torch
from torch import nn


class TypicalLogitsWarper(nn.Module):
    def __init__(self, mass=0.9, filter_value=-float("inf"), min_tokens_to_keep=1):
        super().__init__()
        mass = float(mass)
        if not (mass > 0 and mass < 1):
            raise ValueError(f"`typical_p` has to be a float > 0 and < 1, but is {mass}")
        self.filter_value = filter_value
        self.mass = mass
        self.min_tokens_to_keep = min_tokens_to_keep

    def forward(self, input_ids, scores):
        normalized = torch.nn.functional.log_softmax(scores, dim=-1)
        p = torch.exp(normalized)
        ent = -(normalized * p).nansum(-1, keepdim=True)
        shifted_scores = torch.abs((-normalized) - ent)
        sorted_scores, sorted_indices = torch.sort(shifted_scores, descending=False)
        sorted_logits = scores.gather(-1, sorted_indices)
        cumulative_probs = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
        last_ind = (cumulative_probs < self.mass).sum(dim=1)
        last_ind.clamp_(max=sorted_scores.shape[-1] - 1)
        sorted_indices_to_remove = sorted_scores > sorted_scores.gather(1, last_ind.view(-1, 1))
        sorted_indices_to_remove[..., : self.min_tokens_to_keep] = 0
        indices_to_remove = sorted_indices_to_remove.scatter(1, sorted_indices, sorted_indices_to_remove)
        return scores.masked_fill(indices_to_remove, self.filter_value)


def example():
    return TypicalLogitsWarper(), (torch.randint(0, 16, (2, 3)), torch.randn(2, 16))
