"""Token pruning ranks token positions by score with `sorted(range(n), key=scores.__getitem__)`: the keys are
0-d tensors."""
import torch
from torch import nn


class TokenPrune(nn.Module):
    def __init__(self, dim=4, keep=2):
        super().__init__()
        self.score = nn.Linear(dim, 1)
        self.keep = keep

    def forward(self, x):
        scores = self.score(x).squeeze(-1)[0]
        order = sorted(range(x.shape[1]), key=scores.__getitem__, reverse=True)  # expect: CL148
        return x[:, order[: self.keep]]


def example():
    return TokenPrune(), (torch.randn(1, 5, 4),)
