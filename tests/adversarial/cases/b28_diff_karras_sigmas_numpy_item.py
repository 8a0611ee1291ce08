"""An Euler scheduler converts its sigmas to the Karras schedule inside `set_timesteps`, which the compiled
sampling step calls: the sigmas go through numpy (traced), and `_convert_to_karras` reads the end points with
the ndarray's `.item()`."""
import numpy as np
import torch
from torch import nn


class EulerKarrasScheduler:
    def __init__(self, num_train_timesteps=20):
        betas = torch.linspace(1e-4, 0.02, num_train_timesteps)
        self.alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
        self.sigmas = None

    def _convert_to_karras(self, in_sigmas: np.ndarray, num_inference_steps: int) -> np.ndarray:
        sigma_min = in_sigmas[-1].item()  # expect: CL111
        sigma_max = in_sigmas[0].item()  # expect: CL111
        rho = 7.0
        ramp = np.linspace(0, 1, num_inference_steps)
        min_inv_rho = sigma_min ** (1 / rho)
        max_inv_rho = sigma_max ** (1 / rho)
        return (max_inv_rho + ramp * (min_inv_rho - max_inv_rho)) ** rho

    def set_timesteps(self, num_inference_steps):
        sigmas = (((1 - self.alphas_cumprod) / self.alphas_cumprod) ** 0.5).numpy()
        sigmas = np.flip(sigmas).copy()
        sigmas = self._convert_to_karras(sigmas, num_inference_steps)
        self.sigmas = torch.from_numpy(np.concatenate([sigmas, [0.0]])).float()


class Sampler(nn.Module):
    def __init__(self):
        super().__init__()
        self.scheduler = EulerKarrasScheduler()
        self.unet = nn.Linear(4, 4)

    def forward(self, latents):
        self.scheduler.set_timesteps(4)
        sigma = self.scheduler.sigmas[0]
        return latents + (self.scheduler.sigmas[1] - sigma) * self.unet(latents)


def example():
    return Sampler(), (torch.randn(2, 4),)
