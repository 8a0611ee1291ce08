"""An Euler-style scheduler finds the step index of a timestep tensor by comparing it with its schedule:
`(self.timesteps == timestep).nonzero()` then `.item()` on the first candidate."""
import torch
from torch import nn


class EulerLikeScheduler:
    def __init__(self, steps=6):
        self.timesteps = torch.linspace(999, 0, steps).round()
        self.sigmas = torch.linspace(1.0, 0.0, steps + 1)
        self._step_index = None

    def index_for_timestep(self, timestep):
        candidates = (self.timesteps == timestep).nonzero()  # expect: CL121
        pos = 1 if len(candidates) > 1 else 0
        return candidates[pos].item()  # expect: CL111

    def step(self, model_output, timestep, sample):
        if self._step_index is None:
            self._step_index = self.index_for_timestep(timestep)
        sigma, sigma_next = self.sigmas[self._step_index], self.sigmas[self._step_index + 1]
        return sample + (sigma_next - sigma) * model_output


class Pipe(nn.Module):
    def __init__(self):
        super().__init__()
        self.unet = nn.Linear(4, 4)
        self.scheduler = EulerLikeScheduler()

    def forward(self, latents, t):
        return self.scheduler.step(self.unet(latents), t, latents)


def example():
    sched_t = EulerLikeScheduler().timesteps[2]
    return Pipe(), (torch.randn(2, 4), sched_t)
