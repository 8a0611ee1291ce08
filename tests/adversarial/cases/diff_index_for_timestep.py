"""Scheduler bookkeeping: the step index found by matching the timestep in the schedule."""
import torch
from torch import nn


class EulerScheduler:
    def __init__(self, num_train_timesteps=100, num_inference_steps=5):
        self.timesteps = torch.linspace(num_train_timesteps - 1, 0, num_inference_steps)
        self.sigmas = torch.linspace(1.0, 0.0, num_inference_steps + 1)
        self._step_index = None
        self._begin_index = None

    @property
    def step_index(self):
        return self._step_index

    def index_for_timestep(self, timestep, schedule_timesteps=None):
        if schedule_timesteps is None:
            schedule_timesteps = self.timesteps
        indices = (schedule_timesteps == timestep).nonzero()  # expect: CL121
        pos = 1 if len(indices) > 1 else 0
        return indices[pos].item()  # expect: CL111

    def _init_step_index(self, timestep):
        if self._begin_index is None:
            if isinstance(timestep, torch.Tensor):
                timestep = timestep.to(self.timesteps.device)
            self._step_index = self.index_for_timestep(timestep)
        else:
            self._step_index = self._begin_index

    def scale_model_input(self, sample, timestep):
        if self.step_index is None:
            self._init_step_index(timestep)
        sigma = self.sigmas[self.step_index]
        return sample / ((sigma ** 2 + 1) ** 0.5)


class Denoise(nn.Module):
    def __init__(self):
        super().__init__()
        self.scheduler = EulerScheduler()
        self.conv = nn.Conv2d(2, 2, 1)

    def forward(self, latents, t):
        latent_model_input = self.scheduler.scale_model_input(latents, t)
        return self.conv(latent_model_input)


def example():
    model = Denoise()
    return model, (torch.randn(1, 2, 4, 4), model.scheduler.timesteps[2])
