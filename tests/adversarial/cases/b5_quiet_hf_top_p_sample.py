"""Sampling with temperature, top-k and nucleus (top-p) filtering: sort, cumulative softmax, scatter back,
then `torch.multinomial`. Every threshold is a Python number from the config; no value leaves the graph."""
import torch
from torch import nn


class SamplingHead(nn.Module):
    def __init__(self, vocab=10, temperature=0.7, top_k=5, top_p=0.9, min_tokens_to_keep=1):
        super().__init__()
        self.proj = nn.Linear(4, vocab)
        self.temperature, self.top_k, self.top_p = temperature, top_k, top_p
        self.min_tokens_to_keep = min_tokens_to_keep
        self.filter_value = -float("inf")

    def warp_top_k(self, scores):
        top_k = min(max(self.top_k, self.min_tokens_to_keep), scores.size(-1))
        kth = torch.topk(scores, top_k)[0][..., -1, None]
        return scores.masked_fill(scores < kth, self.filter_value)

    def warp_top_p(self, scores):
        sorted_logits, sorted_indices = torch.sort(scores, descending=False)
        cumulative = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
        sorted_remove = cumulative <= (1 - self.top_p)
        sorted_remove[..., -self.min_tokens_to_keep:] = 0
        remove = sorted_remove.scatter(1, sorted_indices, sorted_remove)
        return scores.masked_fill(remove, self.filter_value)

    def forward(self, hidden):
        scores = self.proj(hidden) / self.temperature
        scores = self.warp_top_p(self.warp_top_k(scores))
        probs = nn.functional.softmax(scores, dim=-1)
        return torch.multinomial(probs, num_samples=1).squeeze(1)


def example():
    return SamplingHead(), (torch.randn(3, 4),)
