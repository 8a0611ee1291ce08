"""A classifier head picks its pooling from a module-level table of functions; the chosen `masked_avg` reads the
valid tokens out with the boolean mask."""
import torch
from torch import nn


def _avg(x, mask):
    return x.mean(1)


def _masked_avg(x, mask):
    return x[mask].mean(0, keepdim=True)  # known-miss: CL122


def _token(x, mask):
    return x[:, 0]


POOLS = {"avg": _avg, "masked": _masked_avg, "token": _token}


class ClassifierHead(nn.Module):
    def __init__(self, dim=4, classes=3, pool_type="masked"):
        super().__init__()
        self.pool = POOLS[pool_type]
        self.fc = nn.Linear(dim, classes)

    def forward(self, x, mask):
        return self.fc(self.pool(x, mask))


def example():
    return ClassifierHead(), (torch.randn(1, 5, 4), torch.tensor([[True, True, False, True, False]]))
