"""A `register_to_config`-style decorator stores the init kwargs in a frozen dict; forward reads its flags."""
import functools
import inspect

import torch
from torch import nn


class FrozenDict(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc


def register_to_config(init):
    @functools.wraps(init)
    def inner(self, *args, **kwargs):
        bound = inspect.signature(init).bind(self, *args, **kwargs)
        bound.apply_defaults()
        init(self, *args, **kwargs)
        self._internal_dict = FrozenDict({k: v for k, v in bound.arguments.items() if k != "self"})
    return inner


class ConfigMixin:
    @property
    def config(self):
        return self._internal_dict


class UNetLike(nn.Module, ConfigMixin):
    @register_to_config
    def __init__(self, channels=4, use_linear_projection=False, upcast_attention=True, center_input_sample=False):
        super().__init__()
        self.proj = nn.Linear(channels, channels) if use_linear_projection else nn.Conv2d(channels, channels, 1)

    def forward(self, sample, timestep):
        if self.config.center_input_sample:
            sample = 2 * sample - 1.0
        if self.config["upcast_attention"]:
            sample = sample.float()
        if not torch.is_tensor(timestep):
            timestep = torch.tensor([timestep], dtype=torch.long)
        elif len(timestep.shape) == 0:
            timestep = timestep[None]
        timestep = timestep.expand(sample.shape[0])
        return self.proj(sample) + timestep.view(-1, 1, 1, 1).to(sample.dtype) * 1e-3


def example():
    return UNetLike(), (torch.randn(2, 4, 3, 3), torch.tensor(10))
