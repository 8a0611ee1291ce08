"""An Euler scheduler step written on tensors only: the sigma pair is indexed by a Python step index,
the update is arithmetic, and the step index is initialised lazily (`if self.step_index is None`) though
set_timesteps already did it before compiling."""
import torch
from torch import nn


class EulerScheduler:
    def __init__(self):
        self.timesteps = None
        self.sigmas = None
        self._step_index = None

    @property
    def step_index(self):
        return self._step_index

    def set_timesteps(self, num_inference_steps):
        self.timesteps = torch.linspace(999, 0, num_inference_steps)
        self.sigmas = torch.cat([torch.linspace(5.0, 0.1, num_inference_steps), torch.zeros(1)])
        self._step_index = 0

    def _init_step_index(self, timestep):
        indices = (self.timesteps == timestep).nonzero()  # known-fp: CL121
        self._step_index = indices[0].item()  # known-fp: CL111

    def scale_model_input(self, sample, timestep):
        if self.step_index is None:
            self._init_step_index(timestep)
        sigma = self.sigmas[self.step_index]
        return sample / ((sigma ** 2 + 1) ** 0.5)

    def step(self, model_output, timestep, sample):
        if self.step_index is None:
            self._init_step_index(timestep)
        sigma = self.sigmas[self.step_index]
        dt = self.sigmas[self.step_index + 1] - sigma
        prev_sample = sample + model_output * dt
        self._step_index += 1
        return prev_sample


class Denoiser(nn.Module):
    def __init__(self, scheduler):
        super().__init__()
        self.net = nn.Linear(4, 4)
        self.scheduler = scheduler

    def forward(self, sample, timestep):
        model_input = self.scheduler.scale_model_input(sample, timestep)
        return self.scheduler.step(self.net(model_input), timestep, sample)


def example():
    scheduler = EulerScheduler()
    scheduler.set_timesteps(4)
    return Denoiser(scheduler), (torch.randn(2, 4), torch.tensor(999.0))
