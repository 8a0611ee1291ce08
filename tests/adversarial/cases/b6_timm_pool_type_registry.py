"""A classifier head whose pooling is chosen by a string at init through a registry dict of pool functions.
The "avgmax" function is tensor math; the "debug" entry, registered in the same dict, prints the pooled shape
- and it is the one this model was built with."""
import torch
from torch import nn


def adaptive_avgmax_pool(x):
    return 0.5 * (x.mean((2, 3)) + x.amax((2, 3)))


def adaptive_avg_pool(x):
    return x.mean((2, 3))


def debug_pool(x):
    pooled = x.mean((2, 3))
    print("pooled", pooled.shape)  # expect: CL131
    return pooled


_POOLS = dict(avg=adaptive_avg_pool, avgmax=adaptive_avgmax_pool, debug=debug_pool)


class ClassifierHead(nn.Module):
    def __init__(self, channels=2, classes=3, pool_type="debug"):
        super().__init__()
        self.pool_type = pool_type
        self.pool = _POOLS[pool_type] if pool_type else None
        self.fc = nn.Linear(channels, classes)

    def is_identity(self):
        return not self.pool_type

    def forward(self, x, pre_logits: bool = False):
        if not self.is_identity():
            x = self.pool(x)
        return x if pre_logits else self.fc(x)


def example():
    return ClassifierHead(), (torch.randn(1, 2, 3, 3),)
