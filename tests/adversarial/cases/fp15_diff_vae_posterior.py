"""A VAE in the style of a diffusion library: encode wrapped by a forward-hook decorator, tiling and slicing flags
tested with the input's shape, a diagonal Gaussian posterior whose sample draws noise through a randn_tensor helper
given the mean's shape (a generator list or one generator), and an output dataclass."""
import functools
from dataclasses import dataclass
from typing import List, Optional, Tuple, Union

import torch
from torch import nn


def apply_forward_hook(method):
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        if hasattr(self, "_hf_hook") and hasattr(self._hf_hook, "pre_forward"):
            self._hf_hook.pre_forward(self)
        return method(self, *args, **kwargs)
    return wrapper


def randn_tensor(shape: Union[Tuple, List], generator=None, device: Optional[torch.device] = None,
                 dtype: Optional[torch.dtype] = None, layout: Optional[torch.layout] = None):
    rand_device = device
    batch_size = shape[0]
    layout = layout or torch.strided
    device = device or torch.device("cpu")
    if isinstance(generator, list) and len(generator) == 1:
        generator = generator[0]
    if isinstance(generator, list):
        shape = (1,) + tuple(shape[1:])
        latents = [torch.randn(shape, generator=generator[i], device=rand_device, dtype=dtype, layout=layout)
                   for i in range(batch_size)]
        latents = torch.cat(latents, dim=0).to(device)
    else:
        latents = torch.randn(shape, generator=generator, device=rand_device, dtype=dtype, layout=layout).to(device)
    return latents


class DiagonalGaussianDistribution:
    def __init__(self, parameters, deterministic: bool = False):
        self.parameters = parameters
        self.mean, self.logvar = torch.chunk(parameters, 2, dim=1)
        self.logvar = torch.clamp(self.logvar, -30.0, 20.0)
        self.deterministic = deterministic
        self.std = torch.exp(0.5 * self.logvar)
        self.var = torch.exp(self.logvar)
        if self.deterministic:
            self.var = self.std = torch.zeros_like(self.mean, device=self.parameters.device, dtype=self.parameters.dtype)

    def sample(self, generator=None):
        sample = randn_tensor(self.mean.shape, generator=generator, device=self.parameters.device,
                              dtype=self.parameters.dtype)
        return self.mean + self.std * sample

    def kl(self, other=None):
        if self.deterministic:
            return torch.zeros(1)
        if other is None:
            return 0.5 * torch.sum(torch.pow(self.mean, 2) + self.var - 1.0 - self.logvar, dim=[1, 2, 3])
        return 0.5 * torch.sum(torch.pow(self.mean - other.mean, 2) / other.var + self.var / other.var - 1.0
                               - self.logvar + other.logvar, dim=[1, 2, 3])

    def mode(self):
        return self.mean


@dataclass
class AutoencoderKLOutput:
    latent_dist: DiagonalGaussianDistribution


class AutoencoderKL(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Conv2d(3, 8, 3, padding=1)
        self.decoder = nn.Conv2d(4, 3, 3, padding=1)
        self.use_slicing = False
        self.use_tiling = False
        self.tile_sample_min_size = 512

    @apply_forward_hook
    def encode(self, x, return_dict: bool = True):
        if self.use_tiling and (x.shape[-1] > self.tile_sample_min_size or x.shape[-2] > self.tile_sample_min_size):
            raise NotImplementedError("tiled encode")
        if self.use_slicing and x.shape[0] > 1:
            encoded_slices = [self.encoder(x_slice) for x_slice in x.split(1)]
            h = torch.cat(encoded_slices)
        else:
            h = self.encoder(x)
        posterior = DiagonalGaussianDistribution(h)
        if not return_dict:
            return (posterior,)
        return AutoencoderKLOutput(latent_dist=posterior)

    def forward(self, sample, sample_posterior: bool = False, generator=None):
        posterior = self.encode(sample).latent_dist
        if sample_posterior:
            z = posterior.sample(generator=generator)
        else:
            z = posterior.mode()
        return self.decoder(z), posterior.kl()


class Wrapper(nn.Module):
    def __init__(self):
        super().__init__()
        self.vae = AutoencoderKL()

    def forward(self, x):
        out, kl = self.vae(x, sample_posterior=True)
        return out.mean() + kl.mean()


def example():
    return Wrapper(), (torch.randn(2, 3, 4, 4),)
