"""A cosine-schedule scheduler builds its betas in `__init__` with the utils file's `betas_for_alpha_bar` (math
on Python floats); the compiled step reads the cumulative product buffer."""
import torch
from torch import nn

from b20_diff_utils import betas_for_alpha_bar


class CosineScheduler(nn.Module):
    def __init__(self, num_steps=10):
        super().__init__()
        betas = betas_for_alpha_bar(num_steps)
        self.register_buffer("alphas_cumprod", torch.cumprod(1.0 - betas, dim=0))

    def forward(self, original, noise, timesteps):
        sqrt_alpha = self.alphas_cumprod[timesteps].sqrt().view(-1, 1)
        sqrt_one_minus = (1 - self.alphas_cumprod[timesteps]).sqrt().view(-1, 1)
        return sqrt_alpha * original + sqrt_one_minus * noise


def example():
    return CosineScheduler(), (torch.randn(2, 4), torch.randn(2, 4), torch.tensor([1, 7]))
