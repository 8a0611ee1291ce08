"""A diffusion attention block that still accepts the old `scale` keyword through its kwargs dict and routes
it through a project `deprecate()` helper, which warns with `warnings.warn(..., FutureWarning)`."""
import warnings

import torch
from torch import nn


def deprecate(*args, standard_warn=True, stacklevel=2):
    for attribute, version_name, message in args:
        warning = f"{attribute} is deprecated and will be removed in version {version_name}. "
        if standard_warn:
            warnings.warn(warning + message, FutureWarning, stacklevel=stacklevel)  # expect: CL131


class AttentionBlock(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.to_out = nn.Linear(dim, dim)

    def forward(self, hidden_states, cross_attention_kwargs=None):
        cross_attention_kwargs = cross_attention_kwargs if cross_attention_kwargs is not None else {}
        if cross_attention_kwargs.get("scale", None) is not None:
            deprecate(("scale", "1.0.0", "Pass `scale` through the attention processor instead."))
        return self.to_out(hidden_states)


def example():
    return AttentionBlock(), (torch.randn(1, 3, 4), {"scale": 0.5})
