"""A state-space cache's `update_conv_state`: the cache position is clamped to the kernel window, the state rolled
left, and the new column written at the clamped tensor index (`conv_state[:, :, cache_position] = ...`)."""
import torch
from torch import nn


class MambaCacheStub:
    def __init__(self, batch_size=2, intermediate_size=4, conv_kernel_size=3):
        self.conv_kernel_size = conv_kernel_size
        self.conv_states = [torch.zeros(batch_size, intermediate_size, conv_kernel_size)]

    def update_conv_state(self, layer_idx, new_conv_state, cache_position):
        conv_state = self.conv_states[layer_idx]
        cache_position = cache_position.clamp(0, self.conv_kernel_size - 1)
        conv_state = conv_state.roll(shifts=-1, dims=-1)
        conv_state[:, :, cache_position] = new_conv_state.to(device=conv_state.device, dtype=conv_state.dtype)
        self.conv_states[layer_idx].zero_()
        self.conv_states[layer_idx] += conv_state
        return self.conv_states[layer_idx]


class MambaMixerStep(nn.Module):
    def __init__(self):
        super().__init__()
        self.in_proj = nn.Linear(8, 4)
        self.conv_weight = nn.Parameter(torch.randn(4, 3))

    def forward(self, hidden, cache_position, cache):
        new_col = self.in_proj(hidden)[:, :, None].expand(-1, -1, cache_position.shape[0])
        conv_state = cache.update_conv_state(0, new_col, cache_position)
        return torch.sum(conv_state * self.conv_weight, dim=-1)


def example():
    return MambaMixerStep(), (torch.randn(2, 8), torch.tensor([5]), MambaCacheStub())
