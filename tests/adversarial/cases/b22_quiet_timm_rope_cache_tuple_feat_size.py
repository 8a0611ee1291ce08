"""The same rotary cache with the feature size kept as a Python tuple (and overridden by the input's grid when
dynamic): the cache key is a tuple of ints."""
import torch
from torch import nn


class RotaryEmbedding2d(nn.Module):
    def __init__(self, dim=4, feat_shape=(2, 3)):
        super().__init__()
        self.feat_shape = tuple(feat_shape)
        self.register_buffer("bands", torch.linspace(1.0, 4.0, dim // 4), persistent=False)
        self._cache = {}

    def get_embed(self, shape=None):
        h, w = shape if shape is not None else self.feat_shape
        key = (int(h), int(w))
        if key not in self._cache:
            grid = torch.stack(torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij"), -1)
            freqs = grid.reshape(-1, 2, 1).float() * self.bands
            self._cache[key] = (freqs.sin().flatten(1), freqs.cos().flatten(1))
        return self._cache[key]

    def forward(self, x, grid_hw=None):
        sin, cos = self.get_embed(grid_hw)
        return x * cos + x.flip(-1) * sin


def example():
    return RotaryEmbedding2d(), (torch.randn(1, 6, 2),)
