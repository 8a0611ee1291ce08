import copy
import dataclasses

import torch
import torch.nn.functional as F
from torch import nn


def per_token_loss(logits, labels):
    return F.cross_entropy(logits, labels, reduction="none")


@dataclasses.dataclass
class Stats:
    mean: torch.Tensor
    count: int = 0


class Snapshot(nn.Module):
    def __init__(self):
        super().__init__()
        self.cfg = [1.0, 2.0]

    def forward(self, x):
        h = x + 1
        saved = h.clone()
        cfg = copy.deepcopy(self.cfg)
        summary = Stats(h.mean(0), 2)
        stats = {f.name: getattr(summary, f.name) for f in dataclasses.fields(summary)}
        h.mul_(2)
        labels = torch.zeros(x.shape[0], dtype=torch.long)
        return stats["mean"] * stats["count"] + h + saved * cfg[1] + per_token_loss(h, labels).sum()


def example():
    return Snapshot(), (torch.randn(2, 8),)
