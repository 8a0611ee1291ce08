"""A VAE's decode is wrapped by `apply_forward_hook`, which runs an offloading hook's `pre_forward` when one is
attached (`_hf_hook`); the sequential-offload hook attached here collects garbage before moving weights."""
import functools
import gc

import torch
from torch import nn


def apply_forward_hook(method):
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        if hasattr(self, "_hf_hook") and hasattr(self._hf_hook, "pre_forward"):
            self._hf_hook.pre_forward(self)
        return method(self, *args, **kwargs)

    return wrapper


class CpuOffloadHook:
    def __init__(self, execution_device="cpu"):
        self.execution_device = execution_device

    def pre_forward(self, module):
        gc.collect()  # known-miss: CL153
        return module.to(self.execution_device)


def add_hook_to_module(module, hook):
    module._hf_hook = hook
    return module


class TinyVAE(nn.Module):
    def __init__(self):
        super().__init__()
        self.post_quant_conv = nn.Conv2d(4, 4, 1)
        self.decoder = nn.Conv2d(4, 3, 3, padding=1)

    @apply_forward_hook
    def decode(self, z):
        return self.decoder(self.post_quant_conv(z))

    def forward(self, z):
        return self.decode(z).clamp(-1, 1)


def example():
    vae = add_hook_to_module(TinyVAE(), CpuOffloadHook())
    return vae, (torch.randn(1, 4, 4, 4),)
