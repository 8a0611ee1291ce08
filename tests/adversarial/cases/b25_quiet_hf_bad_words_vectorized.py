"""The same bad-words processor vectorised: each banned prefix is a tensor compared with the last ids by `==` and
`all`, and the banned token masked with `masked_fill` (the loop runs over the Python list of banned sequences)."""
import torch
from torch import nn


class NoBadWordsProcessor:
    def __init__(self, bad_words_ids, vocab):
        self.prefixes = [torch.tensor(tokens[:-1]) for tokens in bad_words_ids]
        self.last = [tokens[-1] for tokens in bad_words_ids]
        self.vocab = vocab

    def __call__(self, input_ids, scores):
        for prefix, last in zip(self.prefixes, self.last):
            hit = (input_ids[:, -prefix.shape[0]:] == prefix).all(-1)
            column = torch.arange(self.vocab) == last
            scores = scores.masked_fill(hit[:, None] & column[None, :], -float("inf"))
        return scores


class LMHeadWithProcessor(nn.Module):
    def __init__(self, dim=8, vocab=16):
        super().__init__()
        self.head = nn.Linear(dim, vocab)
        self.processor = NoBadWordsProcessor([[3, 4], [5, 6, 7]], vocab)

    def forward(self, hidden, input_ids):
        scores = self.head(hidden)
        return self.processor(input_ids, scores)


def example():
    return LMHeadWithProcessor(), (torch.randn(2, 8), torch.tensor([[1, 2, 3], [5, 6, 2]]))
