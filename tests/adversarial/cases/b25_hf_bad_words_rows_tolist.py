"""An old-style bad-words logits processor: for each row of the generated ids it compares the last tokens with each
banned sequence as Python lists (`prev[-len(tokens):].tolist() == tokens`)."""
import torch
from torch import nn


class NoBadWordsProcessor:
    def __init__(self, bad_words_ids):
        self.bad_words_ids = bad_words_ids

    def banned_last_tokens(self, input_ids):
        banned = []
        for prev in input_ids:
            row = []
            for tokens in self.bad_words_ids:
                if prev[-(len(tokens) - 1):].tolist() == tokens[:-1]:  # expect: CL112
                    row.append(tokens[-1])
            banned.append(row)
        return banned

    def __call__(self, input_ids, scores):
        for i, row in enumerate(self.banned_last_tokens(input_ids)):
            scores[i, row] = -float("inf")
        return scores


class LMHeadWithProcessor(nn.Module):
    def __init__(self, dim=8, vocab=16):
        super().__init__()
        self.head = nn.Linear(dim, vocab)
        self.processor = NoBadWordsProcessor([[3, 4], [5, 6, 7]])

    def forward(self, hidden, input_ids):
        scores = self.head(hidden)
        return self.processor(input_ids, scores)


def example():
    return LMHeadWithProcessor(), (torch.randn(2, 8), torch.tensor([[1, 2, 3], [5, 6, 2]]))
