"""`filter` over tensors with a tensor predicate (a lambda's comparison, or None: each tensor's truth value), the
standard library's `statistics.fmean` of 0-d tensors (each converted to a float) and `retain_grad()` of an activation
(GB0108) break; a predicate answering a Python value and `fmean` of Python numbers compile."""
import statistics

import torch
from torch import nn


class Probe(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        parts = [x, x * 0, x + 1]
        kept = list(filter(lambda h: h.abs().sum() > 0, parts))  # expect: CL101
        rows = list(filter(None, (x[:, 0].abs() + 1).unbind(0)))  # expect: CL101
        norms = []
        for i in range(3):
            norms.append((x + i).norm())
        scale = statistics.fmean(norms)  # expect: CL111
        present = list(filter(lambda h: h is not None, parts + [None]))
        widths = statistics.fmean([p.shape[-1] for p in present])
        h = self.fc(x)
        h.retain_grad()  # expect: CL146
        return torch.stack(kept).sum() + torch.stack(rows).sum() + x.sum() * scale * widths + h.sum()


def example():
    return Probe(), (torch.randn(3, 4),)
