"""A token pooler chooses its pooling method in __init__ and keeps the bound method as `self.pool`; the
"max token" method indexes each sample by a position read back with `.tolist()`."""
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
        return torch.stack([x[b, i] for b, i in enumerate(idx.tolist())])  # expect: CL112

    def forward(self, x):
        return self.head(self.pool(x))


def example():
    return TokenPoolHead(), (torch.randn(2, 5, 4),)
