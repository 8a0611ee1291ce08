"""A feature pyramid whose heads never break, in methods dynamo gives up on: a `.item()` inside a loop of the same
method skips the frame (GB7000), the method runs eagerly and each comprehension over the heads is compiled as a frame
of its own, which cannot step the ModuleList's iterator (GB4347). A loop break in a helper, or one after an ordinary
break that comes later than the comprehension, leaves the comprehension inside a compiled graph."""
import torch
from torch import nn


class Head(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        return self.proj(x).relu()

    def score(self, x):
        return self.proj(x).sum(-1)


class Pyramid(nn.Module):
    def __init__(self, dim=8, levels=3):
        super().__init__()
        self.heads = nn.ModuleList(Head(dim) for _ in range(levels))
        self.steps = 2

    def count_large(self, x):
        total = 0
        for _ in range(self.steps):
            total += int((x > 0).sum().item())  # expect: CL111
        return total

    def features(self, x):
        feats = [head(x) for head in self.heads]  # expect: CL165
        large = 0
        for feat in feats:
            large += int((feat > 0).sum().item())  # expect: CL111
        scores = [head.score(x) for head in self.heads[1:]]  # expect: CL165
        return torch.stack(feats).sum(0), torch.stack(scores), large

    def helper_counts(self, x):
        large = self.count_large(x)
        feats = [head(x) for head in self.heads]
        return torch.stack(feats).sum(0) * large

    def plain_first(self, x):
        feats = [head(x) for head in self.heads]
        y = torch.stack(feats).sum(0)
        n = int(y.abs().max().item())  # expect: CL111
        for _ in range(self.steps):
            n += int((y > n).sum().item())  # expect: CL111
        return y * n

    def forward(self, x):
        a, b, c = self.features(x)
        return a.sum() + b.sum() + c + self.helper_counts(x).sum() + self.plain_first(x).sum()


def example():
    return Pyramid(), (torch.randn(4, 8),)
