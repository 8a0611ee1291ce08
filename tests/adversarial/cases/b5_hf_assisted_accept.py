"""Assisted (speculative) decoding, the acceptance step: the number of leading draft tokens the target model
agrees with is a 0-dim tensor. Clamping it with builtin `min` against a Python int compiles; slicing the
selected tokens with it needs its value on the host."""
import torch
from torch import nn


class Verifier(nn.Module):
    def __init__(self, vocab=11, dim=8):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.head = nn.Linear(dim, vocab)

    def forward(self, input_ids, candidate_ids, max_matches: int):
        candidate_length = candidate_ids.shape[1] - input_ids.shape[1]
        logits = self.head(self.embed(candidate_ids))
        new_logits = logits[:, -candidate_length - 1:]
        selected = new_logits.argmax(dim=-1)
        drafted = candidate_ids[:, -candidate_length:]
        disagree = ~(drafted == selected[:, :-1])
        n_matches = (disagree.cumsum(dim=-1) < 1).sum()
        n_matches = min(n_matches, max_matches)
        accepted = selected[:, : n_matches + 1]  # expect: CL114
        return torch.cat((input_ids, accepted), dim=-1)


def example():
    prompt = torch.tensor([[1, 2, 3]])
    drafted = torch.tensor([[1, 2, 3, 4, 5, 6]])
    return Verifier(), (prompt, drafted, 2)
