"""A watermarking processor without a generator: the green list of each row is a hash of the previous token done in
tensor arithmetic (a modular product over the vocabulary), compared to the green-list size."""
import torch
from torch import nn


class HashWatermarkProcessor(nn.Module):
    def __init__(self, vocab_size=16, greenlist_ratio=0.25, bias=2.0, hash_key=15485863):
        super().__init__()
        self.greenlist_size = int(vocab_size * greenlist_ratio)
        self.bias = bias
        self.hash_key = hash_key
        self.register_buffer("vocab", torch.arange(vocab_size))

    def forward(self, input_ids, scores):
        prev = input_ids[:, -1:]
        hashed = torch.remainder((prev * self.hash_key) ^ (self.vocab * 2654435761), scores.shape[-1])
        green = hashed < self.greenlist_size
        return scores + green.to(scores.dtype) * self.bias


def example():
    return HashWatermarkProcessor(), (torch.randint(0, 16, (2, 3)), torch.randn(2, 16))
