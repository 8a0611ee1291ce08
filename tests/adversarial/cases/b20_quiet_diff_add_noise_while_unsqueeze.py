"""`add_noise` of a scheduler: the per-timestep factors are flattened, then unsqueezed in a `while` loop until
they have as many dims as the samples (a loop on static ranks)."""
import torch
from torch import nn


class NoiseAdder(nn.Module):
    def __init__(self, num_steps=10):
        super().__init__()
        self.register_buffer("alphas_cumprod", torch.linspace(0.99, 0.01, num_steps))

    def forward(self, original_samples, noise, timesteps):
        sqrt_alpha_prod = self.alphas_cumprod[timesteps] ** 0.5
        sqrt_alpha_prod = sqrt_alpha_prod.flatten()
        while len(sqrt_alpha_prod.shape) < len(original_samples.shape):
            sqrt_alpha_prod = sqrt_alpha_prod.unsqueeze(-1)
        sqrt_one_minus = (1 - self.alphas_cumprod[timesteps]) ** 0.5
        sqrt_one_minus = sqrt_one_minus.flatten()
        while len(sqrt_one_minus.shape) < len(original_samples.shape):
            sqrt_one_minus = sqrt_one_minus.unsqueeze(-1)
        return sqrt_alpha_prod * original_samples + sqrt_one_minus * noise


def example():
    return NoiseAdder(), (torch.randn(2, 3, 4, 4), torch.randn(2, 3, 4, 4), torch.tensor([2, 8]))
