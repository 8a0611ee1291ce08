"""A 2-D rotary embedding caches its sin/cos tables per feature size; the size is kept as a buffer (so it moves
with the model and is saved) and unpacked into height and width to key the cache."""
import torch
from torch import nn


class RotaryEmbedding2d(nn.Module):
    def __init__(self, dim=4, feat_shape=(2, 3)):
        super().__init__()
        self.register_buffer("feat_shape", torch.tensor(feat_shape), persistent=False)
        self.register_buffer("bands", torch.linspace(1.0, 4.0, dim // 4), persistent=False)
        self._cache = {}

    def get_embed(self):
        h, w = self.feat_shape
        key = (int(h), int(w))  # expect: CL111
        if key not in self._cache:
            grid = torch.stack(torch.meshgrid(torch.arange(key[0]), torch.arange(key[1]), indexing="ij"), -1)
            freqs = grid.reshape(-1, 2, 1).float() * self.bands
            self._cache[key] = (freqs.sin().flatten(1), freqs.cos().flatten(1))
        return self._cache[key]

    def forward(self, x):
        sin, cos = self.get_embed()
        return x * cos + x.flip(-1) * sin


def example():
    return RotaryEmbedding2d(), (torch.randn(1, 6, 2),)
