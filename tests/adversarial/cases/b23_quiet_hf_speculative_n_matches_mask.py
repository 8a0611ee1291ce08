"""The acceptance step kept shape-static: the leading run of matches becomes a keep mask over all candidate
positions (cumsum of mismatches is zero), and rejected positions are filled with the pad id."""
import torch
from torch import nn


class AssistedAcceptance(nn.Module):
    def __init__(self, vocab=16, d=8, pad_token_id=0):
        super().__init__()
        self.head = nn.Linear(d, vocab)
        self.pad_token_id = pad_token_id

    def _accept(self, candidate_new_tokens, new_logits):
        selected_tokens = new_logits.argmax(dim=-1)
        mismatch = ~(candidate_new_tokens == selected_tokens[:, :-1])
        keep = torch.cat([mismatch.new_ones(mismatch.shape[0], 1), mismatch.cumsum(dim=-1) < 1], dim=-1)
        n_matches = keep.sum(-1) - 1
        return selected_tokens.masked_fill(~keep, self.pad_token_id), n_matches

    def forward(self, candidate_new_tokens, hidden):
        new_logits = self.head(hidden)
        valid_tokens, n_matches = self._accept(candidate_new_tokens, new_logits)
        return valid_tokens.float().mean() + n_matches


def example():
    return AssistedAcceptance(), (torch.randint(0, 16, (1, 4)), torch.randn(1, 5, 8))
