"""diffusers' `deprecate(...)` helper (warnings.warn in a loop over deprecated args) and a transformers
`deprecate_kwarg`-style decorator that renames a kwarg with functools.wraps."""
import functools
import warnings

import torch
from torch import nn


def deprecate(*args, standard_warn=True, stacklevel=2):
    for attribute, version_name, message in args:
        warning = f"`{attribute}` is deprecated and will be removed in version {version_name}."
        warnings.warn(warning + " " + message, FutureWarning, stacklevel=stacklevel)  # expect: CL131


def deprecate_kwarg(old_name, new_name):
    def wrapper(func):
        @functools.wraps(func)
        def wrapped(*args, **kwargs):
            if old_name in kwargs:
                kwargs[new_name] = kwargs.pop(old_name)
            return func(*args, **kwargs)

        return wrapped

    return wrapper


class Upsample(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 2, 1)

    @deprecate_kwarg("scale", "scale_factor")
    def forward(self, x, scale_factor=2.0, *args, **kwargs):
        if len(args) > 0 or kwargs.get("output_size", None) is not None:
            deprecate(("output_size", "1.0.0", "Pass `scale_factor` instead."))
        x = nn.functional.interpolate(x, scale_factor=scale_factor, mode="nearest")
        return self.conv(x)


def example():
    return Upsample(), (torch.randn(1, 2, 3, 3), 2.0, None)
