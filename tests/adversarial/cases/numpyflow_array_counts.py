"""Counting a region map's entries with numpy in compiled code (dp-vit's patch statistics, held-out group 56): the
map is a numpy array, annotated `np.ndarray` or returned by a helper annotated so, which dynamo traces as a tensor;
a numpy function of it (`np.count_nonzero(m == s)`, `np.sum(m)`) is traced too, so converting its result to a Python
int reads graph data (GB0033). Its shape, `np.prod` of the shape kept as an array, and a count left as an array
compile."""
import numpy as np
import torch
from torch import nn

from numpyflow_layers import rate_map


def region_map(n: int) -> np.ndarray:
    return np.arange(n * n).reshape(n, n) % 3


def size_counts(patch_map: np.ndarray, sizes):
    return {int(s): int(np.count_nonzero(patch_map == s)) for s in sizes}  # expect: CL111


def coverage(patch_map: np.ndarray) -> int:
    covered = np.count_nonzero(patch_map == 2)
    total = np.sum(patch_map)
    return int(covered) + int(total)  # expect: CL111


def cells(patch_map: np.ndarray):
    return np.prod(patch_map.shape) * len(patch_map)


class Patcher(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch_map = np.array([[0, 1], [2, 2]])
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        counts = size_counts(self.patch_map, [0, 2])
        seen = coverage(self.patch_map)
        fresh = region_map(3)
        kept = np.count_nonzero(fresh == 1) * 2
        positive = int(np.count_nonzero(x > 0))  # known-miss: CL111
        dropping = int(np.count_nonzero(rate_map(4, 0.3) > 0.05))  # expect: CL111
        return self.proj(x) * counts[2] + seen + cells(self.patch_map) + kept + positive + dropping


def example():
    return Patcher(), (torch.randn(2, 8),)
