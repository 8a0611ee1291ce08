"""The pooling dispatch twin: the same `getattr(self, "_pool_" + pool_type)` picks the average pool, and the token
pool (not taken) indexes by a Python int."""
import torch
from torch import nn


class PoolHead(nn.Module):
    def __init__(self, dim=4, pool_type="avg"):
        super().__init__()
        self.pool_type = pool_type
        self.cls_idx = 0
        self.fc = nn.Linear(dim, 2)

    def _pool_avg(self, x):
        return x[:, 1:].mean(1)

    def _pool_token(self, x):
        return x[:, self.cls_idx]

    def forward(self, x):
        pool = getattr(self, "_pool_" + self.pool_type)
        return self.fc(pool(x))


def example():
    return PoolHead(), (torch.randn(2, 3, 4),)
