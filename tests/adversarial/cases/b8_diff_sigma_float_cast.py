"""An ancestral Euler step: sigmas live in a tensor, and the step decides whether to add noise with
`float(sigma_next) > 0`, a Python float taken from a tensor."""
import torch
from torch import nn


class AncestralScheduler:
    def __init__(self, steps=4):
        self.sigmas = torch.cat([torch.linspace(3.0, 0.5, steps), torch.zeros(1)])
        self.step_index = 0

    def step(self, model_output, sample, generator=None):
        sigma = self.sigmas[self.step_index]
        sigma_next = self.sigmas[self.step_index + 1]
        sigma_up = (sigma_next ** 2 * (sigma ** 2 - sigma_next ** 2) / sigma ** 2) ** 0.5
        sigma_down = (sigma_next ** 2 - sigma_up ** 2) ** 0.5
        prev = sample + (sigma_down - sigma) * model_output
        if float(sigma_next) > 0:  # expect: CL111
            prev = prev + torch.randn_like(prev) * sigma_up
        self.step_index += 1  # expect: CL201
        return prev


class Denoiser(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 4)
        self.scheduler = AncestralScheduler()

    def forward(self, sample):
        return self.scheduler.step(self.net(sample), sample)


def example():
    return Denoiser(), (torch.randn(2, 4),)
