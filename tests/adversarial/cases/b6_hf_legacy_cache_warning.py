"""A decoder that accepts the legacy tuple-of-tuples cache, converts it to a cache object and warns once
(`logger.warning_once`, a project logging helper) that the format is deprecated. The cache object's
from_legacy/to_legacy round trip is list and tuple bookkeeping."""
import functools
import logging

import torch
from torch import nn


@functools.lru_cache(None)
def _warning_once(logger, message):
    logger.warning(message)  # known-miss: CL131


class ProjectLogger(logging.LoggerAdapter):
    def warning_once(self, message):
        _warning_once(self.logger, message)


def get_logger(name):
    return ProjectLogger(logging.getLogger(name), {})


logger = get_logger(__name__)


class Cache:
    pass


class DynamicCache(Cache):
    def __init__(self):
        self.key_cache, self.value_cache = [], []

    @classmethod
    def from_legacy_cache(cls, past):
        cache = cls()
        for key, value in past:
            cache.key_cache.append(key)
            cache.value_cache.append(value)
        return cache

    def to_legacy_cache(self):
        return tuple((k, v) for k, v in zip(self.key_cache, self.value_cache))


class Decoder(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, hidden, past_key_values=None, use_cache=True):
        return_legacy_cache = False
        if use_cache and not isinstance(past_key_values, Cache):
            return_legacy_cache = True
            if past_key_values is None:
                past_key_values = DynamicCache()
            else:
                past_key_values = DynamicCache.from_legacy_cache(past_key_values)
                logger.warning_once("Passing a tuple of `past_key_values` is deprecated.")  # known-fp: CL131
        hidden = self.proj(hidden)
        if return_legacy_cache:
            past_key_values = past_key_values.to_legacy_cache()
        return hidden, past_key_values


def example():
    past = ((torch.randn(1, 2, 4), torch.randn(1, 2, 4)),)
    return Decoder(), (torch.randn(1, 2, 4), past)
