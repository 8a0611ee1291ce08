"""A list built by a comprehension holds what its element expression gives: `angles[idx]` of
`angles = [torch.empty(n) for _ in range(3)]` is a tensor, also at a position held by a loop counter (roma's
`foo = angles[idx]; foo[foo < -pi] += 2 * pi`, missed in held-out 22). Every marked line breaks under dynamo."""
import math

import torch
from torch import nn


def wrapped(quat):
    n = quat.shape[0]
    angles = [torch.empty(n, dtype=quat.dtype) for _ in range(3)]
    angles[1] = 2 * torch.atan2(quat[:, 0], quat[:, 1])
    angles[0] = torch.atan2(quat[:, 2], quat[:, 3]) * 4
    for idx in range(3):
        foo = angles[idx]
        foo[foo < -math.pi] += 2 * math.pi  # expect: CL122
    return torch.stack(angles, dim=-1)


class Heads(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

    def forward(self, x):
        scores = [(x * w).sum(-1) for w in (1.0, 2.0)]
        best = scores[1]
        kept = x[best > 0]  # expect: CL122
        return kept.sum() + wrapped(x).sum()


def example():
    return Heads(), (torch.randn(6, 4),)
