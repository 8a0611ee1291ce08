"""k-diffusion style Euler ancestral sampling: the ancestral step splits sigma into a deterministic and a
noise part with builtin `min` over tensors (compiles); adding noise only `if sigmas[i + 1] > 0` branches on a
tensor inside the sampling loop."""
import torch
from torch import nn


def get_ancestral_step(sigma_from, sigma_to, eta=1.0):
    if not eta:
        return sigma_to, 0.0
    sigma_up = min(sigma_to, eta * (sigma_to ** 2 * (sigma_from ** 2 - sigma_to ** 2) / sigma_from ** 2) ** 0.5)
    sigma_down = (sigma_to ** 2 - sigma_up ** 2) ** 0.5
    return sigma_down, sigma_up


def to_d(x, sigma, denoised):
    return (x - denoised) / sigma


class EulerAncestral(nn.Module):
    def __init__(self):
        super().__init__()
        self.denoiser = nn.Linear(4, 4)

    def forward(self, x, sigmas):
        for i in range(len(sigmas) - 1):
            denoised = self.denoiser(x)
            sigma_down, sigma_up = get_ancestral_step(sigmas[i], sigmas[i + 1])
            d = to_d(x, sigmas[i], denoised)
            x = x + d * (sigma_down - sigmas[i])
            if sigmas[i + 1] > 0:  # expect: CL101
                x = x + torch.randn_like(x) * sigma_up
        return x


def example():
    return EulerAncestral(), (torch.randn(2, 4), torch.tensor([3.0, 1.5, 0.0]))
