"""An Euler-style scheduler whose step() finds its position in the schedule from the timestep value the
first time it is called: `(self.timesteps == timestep).nonzero()` and `.item()` on the chosen row."""
import torch
from torch import nn


class EulerScheduler:
    def __init__(self, num_steps=4):
        self.timesteps = torch.linspace(999, 0, num_steps)
        self.sigmas = torch.cat([torch.linspace(1.0, 0.1, num_steps), torch.zeros(1)])
        self._step_index = None

    def index_for_timestep(self, timestep, schedule_timesteps=None):
        if schedule_timesteps is None:
            schedule_timesteps = self.timesteps
        indices = (schedule_timesteps == timestep).nonzero()  # expect: CL121
        pos = 1 if len(indices) > 1 else 0
        return indices[pos].item()  # expect: CL111

    def _init_step_index(self, timestep):
        if isinstance(timestep, torch.Tensor):
            timestep = timestep.to(self.timesteps.device)
        self._step_index = self.index_for_timestep(timestep)

    def step(self, model_output, timestep, sample):
        if self._step_index is None:
            self._init_step_index(timestep)
        sigma = self.sigmas[self._step_index]
        sigma_next = self.sigmas[self._step_index + 1]
        self._step_index += 1
        return sample + (sigma_next - sigma) * model_output


class Denoiser(nn.Module):
    def __init__(self):
        super().__init__()
        self.unet = nn.Conv2d(2, 2, 1)
        self.scheduler = EulerScheduler()

    def forward(self, latents):
        t = self.scheduler.timesteps[0]
        return self.scheduler.step(self.unet(latents), t, latents)


def example():
    return Denoiser(), (torch.randn(1, 2, 3, 3),)
