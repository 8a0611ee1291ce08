"""A pipeline-like module owns its scheduler (built in __init__, a plain object); the scheduler finds the step
index of a timestep with `nonzero` and reads it back."""
import torch
from torch import nn


class EulerLikeScheduler:
    def __init__(self, num_train_timesteps=10):
        self.timesteps = torch.arange(num_train_timesteps - 1, -1, -1)
        self.sigmas = torch.linspace(1.0, 0.0, num_train_timesteps + 1)

    def index_for_timestep(self, timestep):
        indices = (self.timesteps == timestep).nonzero()  # expect: CL121
        pos = 1 if len(indices) > 1 else 0
        return indices[pos].item()  # expect: CL111

    def scale_model_input(self, sample, timestep):
        sigma = self.sigmas[self.index_for_timestep(timestep)]
        return sample / ((sigma ** 2 + 1) ** 0.5)


class Denoiser(nn.Module):
    def __init__(self):
        super().__init__()
        self.scheduler = EulerLikeScheduler()
        self.net = nn.Conv2d(2, 2, 1)

    def forward(self, sample, timestep):
        return self.net(self.scheduler.scale_model_input(sample, timestep))


def example():
    return Denoiser(), (torch.randn(1, 2, 4, 4), torch.tensor(7))
