"""A state-space mixer's slow path: decoding reuses the conv state when the first cache position is past zero
(the test reads an element of the cache_position tensor)."""
import torch
from torch import nn


class MixerCache:
    def __init__(self, batch, dim, kernel):
        self.conv_states = torch.zeros(batch, dim, kernel)


class SlowMixer(nn.Module):
    def __init__(self, dim=4, kernel=3):
        super().__init__()
        self.conv1d = nn.Conv1d(dim, dim, kernel, groups=dim, padding=kernel - 1)
        self.in_proj = nn.Linear(dim, dim)

    def forward(self, hidden_states, cache_params=None, cache_position=None):
        h = self.in_proj(hidden_states).transpose(1, 2)
        if cache_params is not None and cache_position is not None and cache_position[0] > 0:  # known-miss: CL101
            conv_state = cache_params.conv_states.roll(shifts=-1, dims=-1)
            h = (conv_state * self.conv1d.weight[:, 0, :]).sum(-1, keepdim=True) + h
        else:
            h = self.conv1d(h)[..., : hidden_states.shape[1]]
        return h.transpose(1, 2)


def example():
    return SlowMixer(), (torch.randn(2, 5, 4), MixerCache(2, 4, 3), torch.arange(5))
