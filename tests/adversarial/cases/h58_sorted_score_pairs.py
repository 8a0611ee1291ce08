"""Top-k by hand in a generation loop (torch-gpt-2's generate): pairs of (score, token id) built from a row of
logits, sorted in Python. Each score is a 0-d tensor, and tuples compare by their first item, so sorting them
compares tensors: "sort with non-constant keys" (GB0207 on 2.13). Pairs that lead with Python ints (sizes, indices)
sort without a break, by their first item or whole."""
import torch
from torch import nn


class Sampler(nn.Module):
    def forward(self, logits):
        pairs = [(score, i) for i, score in enumerate(logits[0])]
        pairs.sort(reverse=True)  # expect: CL148
        best = pairs[0][1]
        order = [(n, i) for i, n in enumerate(logits.shape)]
        order.sort(reverse=True)
        finished = []
        for i in range(2):
            finished.append((i, logits[i]))
        finished.sort(key=lambda h: h[0], reverse=True)
        return logits[:, best] * order[0][0] + finished[0][1].sum()


def example():
    return Sampler(), (torch.randn(2, 6),)
