"""A sampler factory returns an Euler step closure over the sigma schedule (a tensor built by the factory); the
closure returns the sample unchanged when the step size is zero, and the module stores the closure."""
import torch
from torch import nn


def make_euler_step(sigmas):
    def step(sample, denoised, i):
        dt = sigmas[i + 1] - sigmas[i]
        if dt == 0:  # known-miss: CL101
            return sample
        derivative = (sample - denoised) / sigmas[i]
        return sample + derivative * dt

    return step


class EulerSampler(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.denoiser = nn.Linear(dim, dim)
        self.step = make_euler_step(torch.tensor([14.6, 7.0, 2.0, 0.0]))

    def forward(self, sample, i: int):
        return self.step(sample, self.denoiser(sample), i)


def example():
    return EulerSampler(), (torch.randn(2, 4), 1)
