"""The compile-friendly form of the same test: prefill is told apart from decoding by the length of
cache_position (a shape), not by its first value."""
import torch
from torch import nn


class MixerCache:
    def __init__(self, batch, dim, kernel):
        self.conv_states = torch.zeros(batch, dim, kernel)


class SlowMixer(nn.Module):
    def __init__(self, dim=4, kernel=3):
        super().__init__()
        self.kernel = kernel
        self.conv1d = nn.Conv1d(dim, dim, kernel, groups=dim, padding=kernel - 1)
        self.in_proj = nn.Linear(dim, dim)

    def forward(self, hidden_states, cache_params=None, cache_position=None):
        h = self.in_proj(hidden_states).transpose(1, 2)
        if cache_params is not None and cache_position is not None and cache_position.shape[0] == 1:
            conv_state = cache_params.conv_states.roll(shifts=-1, dims=-1)
            h = (conv_state * self.conv1d.weight[:, 0, :]).sum(-1, keepdim=True) + h
        else:
            h = self.conv1d(h)[..., : hidden_states.shape[1]]
        return h.transpose(1, 2)


def example():
    return SlowMixer(), (torch.randn(2, 5, 4), MixerCache(2, 4, 3), torch.arange(5))
