"""A scheduler that precomputes its per-step sizes as Python floats and looks the current one up with the
position of the timestep found by `argmax` on the schedule: a Python list indexed by a 0-dim tensor."""
import torch
from torch import nn


class FlowMatchScheduler:
    def __init__(self, num_inference_steps=4, shift=1.0):
        sigmas = torch.linspace(1.0, 0.0, num_inference_steps + 1)
        sigmas = shift * sigmas / (1 + (shift - 1) * sigmas)
        self.timesteps = sigmas[:-1] * 1000
        self.sigmas = sigmas
        self.step_sizes = [float(sigmas[i + 1] - sigmas[i]) for i in range(num_inference_steps)]

    def index_for_timestep(self, timestep):
        return (self.timesteps == timestep).int().argmax()

    def step(self, model_output, timestep, sample):
        step_index = self.index_for_timestep(timestep)
        dt = self.step_sizes[step_index]  # expect: CL114
        return sample + dt * model_output


class FlowTransformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.scheduler = FlowMatchScheduler()

    def forward(self, latents, timestep):
        velocity = self.proj(latents)
        return self.scheduler.step(velocity, timestep, latents)


def example():
    model = FlowTransformer()
    return model, (torch.randn(2, 8), model.scheduler.timesteps[2])
