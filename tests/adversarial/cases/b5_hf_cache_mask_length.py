"""A decoder building its causal mask from `cache_position`: the key length is the last cache position plus
one, read out of the tensor with int(). The cache object's bookkeeping (a list of per-layer tensors, grown with
append and concatenated on update) compiles."""
import torch
from torch import nn


class LayeredKV:
    """One (key, value) pair per layer; a layer seen for the first time starts its pair."""

    def __init__(self):
        self.layers = []

    def update(self, key, value, layer_idx):
        if layer_idx == len(self.layers):
            self.layers.append((key, value))
        else:
            old_key, old_value = self.layers[layer_idx]
            self.layers[layer_idx] = (torch.cat([old_key, key], dim=-2), torch.cat([old_value, value], dim=-2))
        return self.layers[layer_idx]


def causal_mask_for(cache_position, dtype):
    target_length = int(cache_position[-1]) + 1  # expect: CL111
    rows = cache_position.shape[0]
    cols = torch.arange(target_length, device=cache_position.device)
    blocked = cols[None, :] > cache_position[:, None]
    return torch.zeros(rows, target_length, dtype=dtype).masked_fill(blocked, torch.finfo(dtype).min)


class TinyDecoderLayer(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, hidden, cache, cache_position):
        q, k, v = self.qkv(hidden).chunk(3, dim=-1)
        k, v = cache.update(k, v, layer_idx=0)
        mask = causal_mask_for(cache_position, hidden.dtype)
        scores = q @ k.transpose(-1, -2) / (q.shape[-1] ** 0.5) + mask
        return scores.softmax(-1) @ v


def example():
    layer = TinyDecoderLayer()
    return (lambda h, pos: layer(h, LayeredKV(), pos)), (torch.randn(1, 5, 8), torch.arange(5))
