"""A suppress-tokens processor builds a vocabulary arange and masks the suppressed ids found with `torch.isin`; a
begin-suppress variant applies only at the begin index, tested against the sequence length (a shape)."""
import torch
from torch import nn


class SuppressTokensProcessor(nn.Module):
    def __init__(self, suppress_tokens=(3, 5), begin_suppress_tokens=(2,), begin_index=3):
        super().__init__()
        self.register_buffer("suppress_tokens", torch.tensor(suppress_tokens))
        self.register_buffer("begin_suppress_tokens", torch.tensor(begin_suppress_tokens))
        self.begin_index = begin_index

    def forward(self, input_ids, scores):
        vocab_tensor = torch.arange(scores.shape[-1], device=scores.device)
        suppress_token_mask = torch.isin(vocab_tensor, self.suppress_tokens)
        scores = torch.where(suppress_token_mask, -float("inf"), scores)
        if input_ids.shape[-1] == self.begin_index:
            begin_mask = torch.isin(vocab_tensor, self.begin_suppress_tokens)
            scores = torch.where(begin_mask, -float("inf"), scores)
        return scores


def example():
    return SuppressTokensProcessor(), (torch.randint(0, 16, (2, 3)), torch.randn(2, 16))
