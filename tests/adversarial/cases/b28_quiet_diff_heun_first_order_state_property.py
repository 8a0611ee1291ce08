"""A Heun scheduler keeps the first-order derivative and `dt` as tensors between its two calls; the
`state_in_first_order` property tests `self.dt is None`, a None test of an attribute that holds a tensor
(compiles)."""
import torch
from torch import nn


class HeunDiscreteScheduler:
    def __init__(self):
        self.sigmas = torch.tensor([2.0, 1.0, 0.5, 0.0])
        self.step_index = 0
        self.dt = None
        self.prev_derivative = None
        self.sample = None

    @property
    def state_in_first_order(self):
        return self.dt is None

    def step(self, model_output, sample):
        if self.state_in_first_order:
            sigma, sigma_next = self.sigmas[self.step_index], self.sigmas[self.step_index + 1]
            derivative = (sample - (sample - sigma * model_output)) / sigma
            self.dt = sigma_next - sigma
            self.prev_derivative, self.sample = derivative, sample
            return sample + derivative * self.dt
        derivative = (self.prev_derivative + model_output) / 2
        out = self.sample + derivative * self.dt
        self.dt = self.prev_derivative = self.sample = None
        self.step_index += 1  # expect: CL201
        return out


class HeunStep(nn.Module):
    def __init__(self):
        super().__init__()
        self.unet = nn.Linear(4, 4)
        self.scheduler = HeunDiscreteScheduler()

    def forward(self, latents):
        latents = self.scheduler.step(self.unet(latents), latents)
        return self.scheduler.step(self.unet(latents), latents)


def example():
    return HeunStep(), (torch.randn(2, 4),)
