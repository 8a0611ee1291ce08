"""A deprecated config property that calls a `deprecate(...)` helper (warnings.warn under a standard_warn
flag) is read from forward: the warning breaks in the helper, on its own line."""
import warnings

import torch
from torch import nn


def deprecate(*args, take_from=None, standard_warn=True, stacklevel=2):
    deprecated_kwargs = take_from
    values = ()
    if not isinstance(args[0], tuple):
        args = (args,)
    for attribute, version_name, message in args:
        warning = None
        if isinstance(deprecated_kwargs, dict) and attribute in deprecated_kwargs:
            values += (deprecated_kwargs.pop(attribute),)
            warning = f"The `{attribute}` argument is deprecated and will be removed in version {version_name}."
        elif deprecated_kwargs is None:
            warning = f"`{attribute}` is deprecated and will be removed in version {version_name}."
        if warning is not None:
            warning = warning + " " if standard_warn else ""
            warnings.warn(warning + message, FutureWarning, stacklevel=stacklevel)  # expect: CL131
    if len(values) == 0:
        return
    elif len(values) == 1:
        return values[0]
    return values


class FrozenConfig(dict):
    def __getattr__(self, name):
        return self[name]


class VAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.config = FrozenConfig(in_channels=3, scaling_factor=0.18)
        self.conv = nn.Conv2d(3, 3, 1)

    @property
    def in_channels(self):
        deprecate("in_channels", "1.0.0", "Use `config.in_channels` instead.", standard_warn=False)
        return self.config["in_channels"]

    def forward(self, x, **kwargs):
        upsample_size = deprecate("upsample_size", "1.0.0", "Not used.", take_from=kwargs)
        if x.shape[1] != self.in_channels:
            x = x[:, : self.in_channels]
        return self.conv(x) * self.config["scaling_factor"], upsample_size


def example():
    return VAE(), (torch.randn(1, 3, 4, 4),)
