"""A text library's utils file for batch 15: the config, a logger, a loss check that asks Python whether the
loss is finite, a version test, and the cache classes the b15 text cases import."""
import logging
import math

import torch
from torch import nn

logger = logging.getLogger(__name__)


class Config:
    hidden_size = 8
    num_hidden_layers = 3
    vocab_size = 16
    pad_token_id = 0
    eos_token_id = 2
    rope_scaling_factor = 1.0
    layer_norm_eps = 1e-5
    use_return_dict = True


def check_loss_is_finite(loss, name="loss"):
    if not math.isfinite(loss):  # known-miss: CL113
        raise ValueError(f"{name} is not finite")
    return loss


def check_eps_is_finite(config):
    if not math.isfinite(config.layer_norm_eps):
        raise ValueError("layer_norm_eps must be finite")
    return config.layer_norm_eps


class ListCache:
    """A cache whose bookkeeping is Python lists and ints."""

    def __init__(self, num_layers):
        self.key_cache = []
        self.lengths = [0] * num_layers

    def __bool__(self):
        return len(self.key_cache) > 0

    def __getitem__(self, layer_idx):
        return self.key_cache[layer_idx][:, : self.lengths[layer_idx]]

    def update(self, key, layer_idx):
        if len(self.key_cache) <= layer_idx:
            self.key_cache.append(key)
        else:
            self.key_cache[layer_idx] = torch.cat([self.key_cache[layer_idx], key], dim=1)
        self.lengths[layer_idx] += key.shape[1]
        return self[layer_idx]


class _LossHead(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.proj = nn.Linear(config.hidden_size, 1)

    def forward(self, hidden_states):
        return check_loss_is_finite(self.proj(hidden_states).pow(2).mean())


def example():
    return _LossHead(), (torch.randn(2, 8),)
