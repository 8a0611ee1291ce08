"""Lists grown by `append` in a helper and returned: what unpacking the call gives is what was appended
(torchmd's `_filter_by_cutoff`: each array indexed with a mask, then unpacked and compared in the force terms)."""

import torch
from torch import nn


def _switched(dist, aa, switch_dist):
    pot = aa / dist
    mask = dist > switch_dist
    return pot[mask]  # expect: CL122


def _scaled(values, scale):
    out = []
    for v in values:
        out.append(torch.abs(v) * scale)
    return out


class Filtered(nn.Module):
    def __init__(self):
        super().__init__()
        self.cutoff = 1.5

    def _kept_within(self, dist, arrays):
        within = dist <= self.cutoff
        kept = []
        for arr in arrays:
            kept.append(arr[within])  # expect: CL122
        return kept

    def forward(self, x):
        dist = x.norm(dim=1)
        near, rows = self._kept_within(dist, (dist, x))
        first, second = _scaled((x, x * 2), 0.5)
        big = first > 1.0
        return _switched(near, rows.sum(1), 0.5).sum() + second[big].sum()  # expect: CL122


def example():
    return Filtered(), (torch.randn(8, 3),)
