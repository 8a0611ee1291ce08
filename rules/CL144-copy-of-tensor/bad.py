import copy
import dataclasses

import torch
from torch import nn


def per_token_loss(logits, labels, loss_fn: nn.Module):
    token_loss_fn = copy.deepcopy(loss_fn)  # expect: CL144
    token_loss_fn.reduction = "none"
    return token_loss_fn(logits, labels)


@dataclasses.dataclass
class Stats:
    mean: torch.Tensor
    count: int = 0


class Snapshot(nn.Module):
    def __init__(self):
        super().__init__()
        self.loss = nn.CrossEntropyLoss()

    def forward(self, x):
        h = x + 1
        saved = copy.deepcopy(h)  # expect: CL144
        stats = dataclasses.asdict(Stats(h.mean(0), 2))  # expect: CL144
        h.mul_(2)
        labels = torch.zeros(x.shape[0], dtype=torch.long)
        return stats["mean"] * stats["count"] + h + saved + per_token_loss(h, labels, self.loss).sum()


def example():
    return Snapshot(), (torch.randn(2, 8),)
