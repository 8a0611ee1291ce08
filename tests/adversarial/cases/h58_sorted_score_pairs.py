"""Top-k by hand in a generation loop (torch-gpt-2's generate): pairs of (score, token id) built from a row of
logits, sorted in Python. Each score is a 0-d tensor, and tuples compare by their first item, so sorting them
compares tensors: "sort with non-constant keys" (GB0207 on 2.13). compilelint knows the elements of a list only when
every element is a tensor, never that every element's first item is one: a known miss. Pairs of Python ints sort
without a break."""
import torch
from torch import nn


class Sampler(nn.Module):
    def forward(self, logits, lengths):
        pairs = [(score, i) for i, score in enumerate(logits[0])]
        pairs.sort(reverse=True)  # known-miss: CL148
        best = pairs[0][1]
        order = [(n, i) for i, n in enumerate(lengths)]
        order.sort(reverse=True)
        return logits[:, best] * order[0][0]


def example():
    return Sampler(), (torch.randn(2, 6), [3, 5, 4])
