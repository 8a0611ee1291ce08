"""A pooling head dispatches on its pool type with `getattr(self, "_pool_" + pool_type)`; the token pool reads the
class-token index from a buffer as a Python int."""
import torch
from torch import nn


class PoolHead(nn.Module):
    def __init__(self, dim=4, pool_type="token"):
        super().__init__()
        self.pool_type = pool_type
        self.register_buffer("cls_idx", torch.tensor(0))
        self.fc = nn.Linear(dim, 2)

    def _pool_avg(self, x):
        return x.mean(1)

    def _pool_token(self, x):
        return x[:, self.cls_idx.item()]  # expect: CL111

    def forward(self, x):
        pool = getattr(self, "_pool_" + self.pool_type)
        return self.fc(pool(x))


def example():
    return PoolHead(), (torch.randn(2, 3, 4),)
