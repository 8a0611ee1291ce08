"""EViT-style token keeping with a Python keep rate: round() of a Python float times the token count is an int,
and topk takes it."""
import torch
from torch import nn


class EViTBlock(nn.Module):
    def __init__(self, dim=8, keep_rate=0.5):
        super().__init__()
        self.keep_rate = keep_rate
        self.score = nn.Linear(dim, 1)

    def forward(self, x, keep_rate=None):
        keep_rate = self.keep_rate if keep_rate is None else keep_rate
        B, N, C = x.shape
        left_tokens = round(keep_rate * (N - 1))
        if left_tokens == N - 1:
            return x
        s = self.score(x[:, 1:]).squeeze(-1)
        _, idx = torch.topk(s, left_tokens, dim=1)
        kept = x[:, 1:].gather(1, idx.unsqueeze(-1).expand(-1, -1, C))
        return torch.cat([x[:, :1], kept], dim=1)


def example():
    return EViTBlock(), (torch.randn(2, 5, 8),)
