"""Task heads in an nn.ModuleDict, run by a dict comprehension over .items(); one head counts its positives in
Python, so dynamo breaks inside it and again on the comprehension (it cannot rebuild the ModuleDict's iterator)."""
import torch
from torch import nn


def _positive_count(logits):
    return int((logits > 0).sum())  # expect: CL111


class CountHead(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, 1)

    def forward(self, x):
        logits = self.proj(x)
        return logits * _positive_count(logits)


class MeanHead(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, 1)

    def forward(self, x):
        return self.proj(x).mean(0, keepdim=True)


class MultiTask(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.heads = nn.ModuleDict({"mean": MeanHead(dim), "count": CountHead(dim)})

    def forward(self, x):
        outputs = {  # expect: CL165
            name: head(x)
            for name, head in self.heads.items()
        }
        return outputs["mean"].sum() + outputs["count"].sum()


def example():
    return MultiTask(), (torch.randn(4, 8),)
