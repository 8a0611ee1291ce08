"""An Euler scheduler's `init_noise_sigma` property takes builtin `max` over its sigma tensor (as the library
does when the sigmas are a tensor rather than a list) and scales the initial latents by it (compiles)."""
import torch
from torch import nn


class EulerDiscreteScheduler:
    def __init__(self, steps=5, timestep_spacing="leading"):
        self.sigmas = torch.linspace(14.6, 0.03, steps)
        self.timestep_spacing = timestep_spacing

    @property
    def init_noise_sigma(self):
        max_sigma = max(self.sigmas) if isinstance(self.sigmas, list) else self.sigmas.max()
        if self.timestep_spacing in ["linspace", "trailing"]:
            return max_sigma
        return (max_sigma**2 + 1) ** 0.5


class PrepareLatents(nn.Module):
    def __init__(self):
        super().__init__()
        self.scheduler = EulerDiscreteScheduler()
        self.scheduler_list = EulerDiscreteScheduler(timestep_spacing="trailing")
        self.scheduler_list.sigmas = [14.6, 7.0, 0.03]

    def forward(self, noise):
        return noise * self.scheduler.init_noise_sigma + noise * self.scheduler_list.init_noise_sigma


def example():
    return PrepareLatents(), (torch.randn(2, 4),)
