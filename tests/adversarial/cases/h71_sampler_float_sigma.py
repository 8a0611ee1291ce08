"""A k-diffusion style sampler (audio-diffusion-pytorch's ADPM2 / Euler-ancestral samplers): the step helper declares
`sigma: float, sigma_next: float`, but the sampler hands it `sigmas[i]`, elements of the schedule tensor. `math.sqrt`
of the noise levels then reads a tensor back as a float (GB0033), and `if sigma_next != 0` branches on a tensor
(GB0170). The same helper given the schedule as a Python list compiles clean."""
from math import sqrt

import torch
from torch import nn


class AncestralStep(nn.Module):
    def step(self, x: torch.Tensor, sigma: float, sigma_next: float) -> torch.Tensor:
        sigma_up = sqrt(sigma_next ** 2 * (sigma ** 2 - sigma_next ** 2) / sigma ** 2)  # expect: CL113
        return x * (sigma_next / sigma) + torch.randn_like(x) * sigma_up

    def forward(self, noise: torch.Tensor) -> torch.Tensor:
        sigmas = torch.linspace(1.0, 0.5, 3)
        return self.step(noise * sigmas[0], sigma=sigmas[0], sigma_next=sigmas[1])


class SecondOrder(nn.Module):
    def correct(self, x: torch.Tensor, d: torch.Tensor, sigma_next: float) -> torch.Tensor:
        if sigma_next != 0:  # expect: CL101
            return x + 0.5 * d
        return x

    def forward(self, x: torch.Tensor, sigmas: torch.Tensor) -> torch.Tensor:
        d = x.tanh()
        return self.correct(x, d, sigma_next=sigmas[-1] * 0.5)


class ListSchedule(nn.Module):
    def step(self, x: torch.Tensor, sigma: float, sigma_next: float) -> torch.Tensor:
        sigma_up = sqrt(sigma_next ** 2 * (sigma ** 2 - sigma_next ** 2) / sigma ** 2)
        if sigma_next != 0:
            x = x * (sigma_next / sigma)
        return x + sigma_up

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        sigmas = [1.0, 0.5, 0.0]
        return self.step(self.step(x, sigmas[0], sigmas[1]), sigma=sigmas[1], sigma_next=sigmas[2])


class All(nn.Module):
    def __init__(self):
        super().__init__()
        self.ancestral = AncestralStep()
        self.second = SecondOrder()
        self.plain = ListSchedule()

    def forward(self, x, sigmas):
        return self.ancestral(x) + self.second(x, sigmas) + self.plain(x)


def example():
    return All(), (torch.randn(2, 4), torch.tensor([1.0, 0.5, 0.25]))
