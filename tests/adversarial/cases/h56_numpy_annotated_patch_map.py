"""A region map held as a numpy array and handed to a helper annotated `np.ndarray` (dp-vit's adaptive patching,
held-out group 56): in compiled code trace_numpy makes the array a tensor of the graph, so reading one of its entries
as a Python int is data-dependent, where its shape, ndim and length compile."""
import numpy as np
import torch
from torch import nn


def _patch_size_at(patch_map: np.ndarray, row: int, col: int) -> int:
    if patch_map.ndim != 2:
        raise ValueError("the patch map must be 2-D")
    return int(patch_map[row, col])  # expect: CL111


def _regions(patch_map: np.ndarray, region: int) -> int:
    return len(patch_map) * patch_map.shape[1] * region


class AdaptivePatches(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(3 * 4 * 4, 8)
        self.patch_map = np.array([[4, 8], [8, 4]])

    def forward(self, image):
        regions = _regions(self.patch_map, 8)
        size = _patch_size_at(self.patch_map, 0, 0)
        patches = image.unfold(1, size, size).unfold(2, size, size)
        tokens = patches.reshape(patches.shape[1] * patches.shape[2], -1)
        return self.proj(tokens[:, :48]) * regions


def example():
    return AdaptivePatches(), (torch.randn(3, 16, 16),)
