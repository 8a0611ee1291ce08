"""A `deprecate_kwarg` decorator renames an old keyword with a warning; callers use the new name, so the warning
branch is never taken while compiling."""
import functools
import warnings

import torch
from torch import nn


def deprecate_kwarg(old_name, new_name):
    def decorator(func):
        @functools.wraps(func)
        def wrapped(*args, **kwargs):
            if old_name in kwargs:
                warnings.warn(f"`{old_name}` is deprecated, use `{new_name}`", FutureWarning)  # known-fp: CL131
                kwargs[new_name] = kwargs.pop(old_name)
            return func(*args, **kwargs)
        return wrapped
    return decorator


class CrossAttention(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.q = nn.Linear(dim, dim)
        self.kv = nn.Linear(dim, 2 * dim)

    @deprecate_kwarg("past_key_value", "past_key_values")
    def forward(self, hidden_states, encoder_hidden_states, past_key_values=None):
        q = self.q(hidden_states)
        if past_key_values is not None:
            k, v = past_key_values
        else:
            k, v = self.kv(encoder_hidden_states).chunk(2, dim=-1)
        return torch.softmax(q @ k.transpose(-1, -2), -1) @ v


def example():
    return CrossAttention(), (torch.randn(1, 2, 8), torch.randn(1, 5, 8))
