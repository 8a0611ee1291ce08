"""Assisted generation's acceptance step: the number of candidate tokens matching the target model's picks is the
length of the leading run of matches, and the accepted tokens are sliced with it."""
import torch
from torch import nn


class AssistedAcceptance(nn.Module):
    def __init__(self, vocab=16, d=8):
        super().__init__()
        self.head = nn.Linear(d, vocab)

    def _accept(self, candidate_new_tokens, new_logits):
        selected_tokens = new_logits.argmax(dim=-1)
        n_matches = ((~(candidate_new_tokens == selected_tokens[:, :-1])).cumsum(dim=-1) < 1).sum()
        valid_tokens = selected_tokens[:, : n_matches + 1]  # expect: CL114
        return valid_tokens, n_matches

    def forward(self, candidate_new_tokens, hidden):
        new_logits = self.head(hidden)
        valid_tokens, n_matches = self._accept(candidate_new_tokens, new_logits)
        return valid_tokens.float().mean() + n_matches


def example():
    return AssistedAcceptance(), (torch.randint(0, 16, (1, 4)), torch.randn(1, 5, 8))
