"""A scheduler's `add_noise`: the cumulative alphas are moved to the sample's device and indexed with the
timestep tensor, then unsqueezed in a `while len(x.shape) < len(y.shape)` loop - a loop on ranks, not on
data. Re-assigning the moved table to the scheduler attribute is replayed state."""
import torch
from torch import nn


class NoiseAdder:
    def __init__(self, steps=20):
        betas = torch.linspace(1e-4, 0.02, steps)
        self.alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)

    def add_noise(self, original_samples, noise, timesteps):
        self.alphas_cumprod = self.alphas_cumprod.to(device=original_samples.device)
        alphas_cumprod = self.alphas_cumprod.to(dtype=original_samples.dtype)
        timesteps = timesteps.to(original_samples.device)
        sqrt_alpha_prod = alphas_cumprod[timesteps] ** 0.5
        sqrt_alpha_prod = sqrt_alpha_prod.flatten()
        while len(sqrt_alpha_prod.shape) < len(original_samples.shape):
            sqrt_alpha_prod = sqrt_alpha_prod.unsqueeze(-1)
        sqrt_one_minus = (1 - alphas_cumprod[timesteps]) ** 0.5
        sqrt_one_minus = sqrt_one_minus.flatten()
        while len(sqrt_one_minus.shape) < len(original_samples.shape):
            sqrt_one_minus = sqrt_one_minus.unsqueeze(-1)
        return sqrt_alpha_prod * original_samples + sqrt_one_minus * noise


class DiffusionTrainStep(nn.Module):
    def __init__(self):
        super().__init__()
        self.noise_adder = NoiseAdder()
        self.unet = nn.Conv2d(3, 3, 3, padding=1)

    def forward(self, clean, timesteps):
        noise = torch.randn_like(clean)
        noisy = self.noise_adder.add_noise(clean, noise, timesteps)
        return nn.functional.mse_loss(self.unet(noisy), noise)


def example():
    return DiffusionTrainStep(), (torch.randn(2, 3, 4, 4), torch.tensor([3, 17]))
