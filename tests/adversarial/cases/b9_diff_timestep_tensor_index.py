"""The timestep tensor indexes the alpha table directly (no .item()), and the previous timestep is clamped
and chosen with torch.where: indexing with the computed 0-dim tensor `prev_t.clamp(min=0)` breaks (GB0033)."""
import torch
from torch import nn


class DDPMLike:
    def __init__(self, n=10):
        betas = torch.linspace(1e-4, 0.02, n)
        self.alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
        self.one = torch.tensor(1.0)
        self.num_train_timesteps = n

    def step(self, model_output, timestep, sample):
        prev_t = timestep - 1
        alpha_t = self.alphas_cumprod[timestep]
        alpha_prev = torch.where(prev_t >= 0, self.alphas_cumprod[prev_t.clamp(min=0)], self.one)  # known-miss: CL111
        x0 = (sample - (1 - alpha_t).sqrt() * model_output) / alpha_t.sqrt()
        return alpha_prev.sqrt() * x0 + (1 - alpha_prev).sqrt() * model_output


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 4)
        self.scheduler = DDPMLike()

    def forward(self, sample, timestep):
        return self.scheduler.step(self.net(sample), timestep, sample)


def example():
    return Model(), (torch.randn(2, 4), torch.tensor(3))
