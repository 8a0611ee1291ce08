"""A DDPM-style step adds variance noise drawn from a torch.Generator the scheduler seeded in `__init__` (kept so
runs are reproducible); the draw happens in the compiled step."""
import torch
from torch import nn


class DDPMStep(nn.Module):
    def __init__(self, num_steps=10, seed=0):
        super().__init__()
        self.register_buffer("betas", torch.linspace(1e-4, 0.02, num_steps))
        self.generator = torch.Generator().manual_seed(seed)

    def forward(self, sample, model_output, t: int):
        beta = self.betas[t]
        mean = (sample - beta * model_output) / (1 - beta).sqrt()
        noise = torch.randn(sample.shape, generator=self.generator, dtype=sample.dtype)  # expect: CL134
        return mean + beta.sqrt() * noise


def example():
    return DDPMStep(), (torch.randn(2, 4), torch.randn(2, 4), 3)
