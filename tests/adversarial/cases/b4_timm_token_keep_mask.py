"""Token pruning: the number of kept tokens comes from shape ints and a keep rate (math.ceil of Python
numbers), topk/gather compile; selecting the tokens above an attention threshold with a boolean mask is a
data-dependent shape."""
import math

import torch
from torch import nn


class TokenKeep(nn.Module):
    def __init__(self, dim=8, keep_rate=0.5, threshold=0.1):
        super().__init__()
        self.keep_rate = keep_rate
        self.threshold = threshold
        self.attn = nn.Linear(dim, 1)

    def forward(self, x):
        B, N, C = x.shape
        cls_attn = self.attn(x).squeeze(-1).softmax(dim=-1)
        left_tokens = math.ceil(self.keep_rate * (N - 1))
        if self.keep_rate < 1 and left_tokens < N - 1:
            _, idx = torch.topk(cls_attn[:, 1:], left_tokens, dim=1, largest=True, sorted=True)
            index = idx.unsqueeze(-1).expand(-1, -1, C)
            kept = torch.gather(x[:, 1:], dim=1, index=index)
        else:
            kept = x[:, 1:]
        informative = x[cls_attn > self.threshold]  # expect: CL122
        return kept, informative


def example():
    return TokenKeep(), (torch.randn(2, 6, 8),)
