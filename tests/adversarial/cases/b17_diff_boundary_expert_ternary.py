"""A two-expert video transformer (high-noise and low-noise experts): the denoiser picks the expert from the
current timestep against a boundary timestep, in a conditional expression."""
import torch
from torch import nn

from b17_diff_utils import Config


class TwoExpertDenoiser(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.transformer = nn.Linear(config.in_channels, config.in_channels)
        self.transformer_2 = nn.Linear(config.in_channels, config.in_channels)
        self.boundary_timestep = config.boundary_ratio * config.num_train_timesteps

    def forward(self, latents, t):
        current_model = self.transformer if t >= self.boundary_timestep else self.transformer_2  # expect: CL101
        noise_pred = current_model(latents)
        return latents - 0.1 * noise_pred


def example():
    return TwoExpertDenoiser(), (torch.randn(2, 4), torch.tensor(950.0))
