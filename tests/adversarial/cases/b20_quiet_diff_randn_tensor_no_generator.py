"""A `randn_tensor` helper takes an optional generator (a list of them per sample, one, or None); the pipeline
calls it without one, so only the plain draw runs."""
import torch
from torch import nn


def randn_tensor(shape, generator=None, dtype=None):
    if isinstance(generator, list):
        return torch.cat([torch.randn((1,) + tuple(shape[1:]), generator=g, dtype=dtype) for g in generator])
    return torch.randn(shape, generator=generator, dtype=dtype)


class DDPMStep(nn.Module):
    def __init__(self, num_steps=10):
        super().__init__()
        self.register_buffer("betas", torch.linspace(1e-4, 0.02, num_steps))

    def forward(self, sample, model_output, t: int, generator=None):
        beta = self.betas[t]
        mean = (sample - beta * model_output) / (1 - beta).sqrt()
        noise = randn_tensor(sample.shape, generator=generator, dtype=sample.dtype)
        return mean + beta.sqrt() * noise


def example():
    return DDPMStep(), (torch.randn(2, 4), torch.randn(2, 4), 3)
