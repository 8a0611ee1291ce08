"""A diffusers-style `deprecate()` helper called for a legacy keyword inside forward."""
import warnings

import torch
from torch import nn

__version__ = "0.30.0"


def _version_tuple(text):
    return tuple(int(part) for part in text.split("."))


def deprecate(*args, take_from=None, standard_warn=True, stacklevel=2):
    values = ()
    if not isinstance(args[0], tuple):
        args = (args,)
    for attribute, version_name, message in args:
        if _version_tuple(__version__) >= _version_tuple(version_name):
            raise ValueError(f"The deprecation tuple {(attribute, version_name, message)} should be removed")
        warning = f"`{attribute}` is deprecated and will be removed in version {version_name}." if standard_warn else ""
        warnings.warn(warning + " " + message, FutureWarning, stacklevel=stacklevel)  # expect: CL131
    return values


class Downsample(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 4, 3, stride=2, padding=1)

    def forward(self, hidden_states, *args, **kwargs):
        if len(args) > 0 or kwargs.get("scale", None) is not None:
            deprecation_message = "The `scale` argument is deprecated and will be ignored."
            deprecate("scale", "1.0.0", deprecation_message)
        return self.conv(hidden_states)


def example():
    return Downsample(), (torch.randn(1, 4, 4, 4), 1.0)
