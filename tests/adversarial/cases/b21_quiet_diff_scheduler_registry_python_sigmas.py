"""A sampler module picks its scheduler class from a name-keyed table in `__init__`; its sigmas are a Python list,
so the churn window's chained comparison compares Python floats."""
import torch
from torch import nn


class EulerStep:
    def __init__(self, s_churn=0.5, s_tmin=0.1, s_tmax=10.0):
        self.gamma = s_churn
        self.s_tmin, self.s_tmax = s_tmin, s_tmax

    def __call__(self, sample, denoised, sigma, sigma_next):
        sigma_hat = sigma * (self.gamma + 1) if self.s_tmin <= sigma <= self.s_tmax else sigma
        return sample + (sample - denoised) / sigma_hat * (sigma_next - sigma_hat)


class HeunStep(EulerStep):
    pass


SCHEDULERS = {"euler": EulerStep, "heun": HeunStep}


class Sampler(nn.Module):
    def __init__(self, name="heun", dim=4):
        super().__init__()
        self.denoiser = nn.Linear(dim, dim)
        self.scheduler = SCHEDULERS[name]()
        self.sigmas = [14.6, 7.0, 2.0, 0.0]

    def forward(self, sample, i: int):
        return self.scheduler(sample, self.denoiser(sample), self.sigmas[i], self.sigmas[i + 1])


def example():
    return Sampler(), (torch.randn(2, 4), 1)
