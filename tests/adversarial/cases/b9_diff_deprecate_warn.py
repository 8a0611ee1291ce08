"""A deprecation helper called from forward when an old keyword is passed: it warns through `warnings`."""
import warnings

import torch
from torch import nn


def deprecate(name, version, message):
    warnings.warn(f"`{name}` is deprecated and will be removed in {version}. {message}", FutureWarning,  # expect: CL131
                  stacklevel=2)


class UpBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 2, 3, padding=1)

    def forward(self, hidden_states, scale=None):
        if scale is not None:
            deprecate("scale", "1.0.0", "Pass it through cross_attention_kwargs instead.")
        return self.conv(hidden_states)


def example():
    return UpBlock(), (torch.randn(1, 2, 4, 4), 1.0)
