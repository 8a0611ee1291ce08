"""Sampling warpers: top-k/top-p filtering with sort/cumsum/scatter stays in the graph; a Python `min`
of an int and a shape is static; a temperature given as a 0-dim tensor used in a Python `if` reads data."""
import torch
from torch import nn


class Sampler(nn.Module):
    def __init__(self, top_k=3, top_p=0.9, filter_value=-float("inf")):
        super().__init__()
        self.top_k = top_k
        self.top_p = top_p
        self.filter_value = filter_value

    def forward(self, scores, temperature):
        top_k = min(max(self.top_k, 1), scores.size(-1))
        kth = torch.topk(scores, top_k)[0][..., -1, None]
        scores = scores.masked_fill(scores < kth, self.filter_value)
        sorted_logits, sorted_indices = torch.sort(scores, descending=False)
        cumulative = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
        remove = cumulative <= (1 - self.top_p)
        remove[..., -1:] = 0
        scores = scores.masked_fill(remove.scatter(1, sorted_indices, remove), self.filter_value)
        if temperature != 1.0:  # known-miss: CL101
            scores = scores / temperature
        probs = scores.softmax(-1)
        return torch.multinomial(probs, num_samples=1).squeeze(1)


def example():
    return Sampler(), (torch.randn(2, 6), torch.tensor(0.7))
