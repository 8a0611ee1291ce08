"""A token pooler keeps its pooling method bound in __init__; the "max token" method gathers each sample's
token at the argmax position with `torch.gather` (no Python indices)."""
import torch
from torch import nn


class TokenPoolHead(nn.Module):
    def __init__(self, dim=4, num_classes=3, pool_type="max_token"):
        super().__init__()
        self.pool = self._pool_max_token if pool_type == "max_token" else self._pool_avg
        self.head = nn.Linear(dim, num_classes)

    def _pool_avg(self, x):
        return x.mean(dim=1)

    def _pool_max_token(self, x):
        idx = x.norm(dim=-1).argmax(dim=1)
        return torch.gather(x, 1, idx.view(-1, 1, 1).expand(-1, 1, x.size(-1))).squeeze(1)

    def forward(self, x):
        return self.head(self.pool(x))


def example():
    return TokenPoolHead(), (torch.randn(2, 5, 4),)
