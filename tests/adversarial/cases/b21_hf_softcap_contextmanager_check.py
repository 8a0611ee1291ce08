"""An attention module computes its scores inside a `@contextmanager` helper that upcasts to float32, and inside the
`with` block it checks whether the scores exceed the soft cap before applying tanh capping."""
import contextlib

import torch
from torch import nn


@contextlib.contextmanager
def float32_scores(module):
    previous = module.upcast
    module.upcast = True
    try:
        yield
    finally:
        module.upcast = previous


class SoftcapAttention(nn.Module):
    def __init__(self, dim=8, softcap=2.0):
        super().__init__()
        self.qk = nn.Linear(dim, 2 * dim)
        self.softcap = softcap
        self.upcast = False

    def forward(self, hidden):
        q, k = self.qk(hidden).chunk(2, dim=-1)
        with float32_scores(self):
            scores = (q.float() @ k.float().transpose(-1, -2)) / 8 ** 0.5
            if scores.abs().max() > self.softcap:  # expect: CL101
                scores = torch.tanh(scores / self.softcap) * self.softcap
        return scores.softmax(-1).to(hidden.dtype) @ hidden


def example():
    return SoftcapAttention(), (torch.randn(1, 3, 8) * 4,)
