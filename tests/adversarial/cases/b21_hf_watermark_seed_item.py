"""A watermarking logits processor reseeds its own torch.Generator from the previous token before drawing the green
list (as the text library's watermark does): the seed is a Python int read off the last token."""
import torch
from torch import nn


class WatermarkProcessor(nn.Module):
    def __init__(self, vocab_size=16, greenlist_ratio=0.25, bias=2.0, hash_key=15485863):
        super().__init__()
        self.vocab_size = vocab_size
        self.greenlist_size = int(vocab_size * greenlist_ratio)
        self.bias = bias
        self.hash_key = hash_key
        self.rng = torch.Generator()

    def _get_greenlist_ids(self, input_seq):
        seed = self.hash_key * int(input_seq[-1])  # expect: CL111
        self.rng.manual_seed(seed % (2**31))  # expect: CL134
        vocab_permutation = torch.randperm(self.vocab_size, generator=self.rng)  # expect: CL134
        return vocab_permutation[: self.greenlist_size]

    def forward(self, input_ids, scores):
        greenlist = self._get_greenlist_ids(input_ids[0])
        bonus = torch.zeros_like(scores)
        bonus[:, greenlist] = self.bias
        return scores + bonus


def example():
    return WatermarkProcessor(), (torch.randint(0, 16, (2, 3)), torch.randn(2, 16))
