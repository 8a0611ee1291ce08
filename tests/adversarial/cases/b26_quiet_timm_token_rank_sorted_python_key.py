"""Token pruning's twin: `sorted` over Python lists (a per-position prior from `__init__`), the scores through
`argsort`."""
import torch
from torch import nn


class TokenPrune(nn.Module):
    def __init__(self, dim=4, keep=2, prior=(0.1, 0.9, 0.5, 0.3, 0.7)):
        super().__init__()
        self.score = nn.Linear(dim, 1)
        self.keep = keep
        self.prior = list(prior)

    def forward(self, x):
        order = sorted(range(x.shape[1]), key=self.prior.__getitem__, reverse=True)
        x = x[:, order]
        idx = self.score(x).squeeze(-1).argsort(dim=1, descending=True)[:, : self.keep]
        return torch.gather(x, 1, idx.unsqueeze(-1).expand(-1, -1, x.shape[-1]))


def example():
    return TokenPrune(), (torch.randn(1, 5, 4),)
