"""numba kernels kept out of the compiled region: a candidate layer runs its `@njit` kernel only when not compiling
(`torch.compiler.is_compiling()`), and takes a torch path otherwise. The kernels' bodies index numpy arrays with
`int(...)` and test their items, which dynamo never traces (a numba dispatcher's body is not Python it runs): no break
and no finding. Needs numba (tests/adversarial/test_adversarial.py skips its dynamo run where it is not installed)."""
import numpy as np
import torch
from numba import njit
from torch import nn


@njit(cache=False)
def best_candidate(scores, parent):
    best = 0
    for i in range(scores.shape[0]):
        j = int(parent[i])
        if scores[j] > scores[best]:
            best = j
    return best


def pick(scores, parent):
    if torch.compiler.is_compiling():
        return int(0)
    return best_candidate(scores.detach().numpy(), parent.numpy())


class CandidateLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)
        self.register_buffer("parent", torch.tensor([1, 2, 0, 3]))

    def forward(self, x):
        h = self.proj(x)
        best = pick(h[0], self.parent)
        return h + best


def example():
    return CandidateLayer(), (torch.randn(2, 4),)
