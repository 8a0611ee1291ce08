"""A DDPM-style step where the timestep arrives as a 0-dim tensor (as pipelines pass `t` from
`scheduler.timesteps`): indexing the alphas with it and the previous-timestep arithmetic compile, the
`if t > 0:` that decides whether to add noise is a branch on tensor data."""
import torch
from torch import nn


class DDPMLikeScheduler:
    def __init__(self, num_train_timesteps=10):
        betas = torch.linspace(1e-4, 0.02, num_train_timesteps)
        self.alphas = 1.0 - betas
        self.alphas_cumprod = torch.cumprod(self.alphas, dim=0)
        self.one = torch.tensor(1.0)
        self.num_train_timesteps = num_train_timesteps
        self.num_inference_steps = 5

    def previous_timestep(self, timestep):
        return timestep - self.num_train_timesteps // self.num_inference_steps

    def step(self, model_output, timestep, sample):
        t = timestep
        prev_t = self.previous_timestep(t)
        alpha_prod_t = self.alphas_cumprod[t]
        alpha_prod_t_prev = torch.where(prev_t >= 0, self.alphas_cumprod[prev_t.clamp(min=0)], self.one)  # known-miss: CL114
        beta_prod_t = 1 - alpha_prod_t
        current_alpha_t = alpha_prod_t / alpha_prod_t_prev
        pred_original = (sample - beta_prod_t ** 0.5 * model_output) / alpha_prod_t ** 0.5
        coeff_original = (alpha_prod_t_prev ** 0.5 * (1 - current_alpha_t)) / beta_prod_t
        coeff_current = current_alpha_t ** 0.5 * (1 - alpha_prod_t_prev) / beta_prod_t
        prev_sample = coeff_original * pred_original + coeff_current * sample
        variance = 0
        if t > 0:  # known-miss: CL101
            variance_noise = torch.randn_like(model_output)
            variance = ((1 - alpha_prod_t_prev) / (1 - alpha_prod_t) * (1 - current_alpha_t)) ** 0.5 * variance_noise
        return prev_sample + variance


class Denoiser(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Conv2d(2, 2, 1)
        self.scheduler = DDPMLikeScheduler()

    def forward(self, latents, t):
        return self.scheduler.step(self.net(latents), t, latents)


def example():
    return Denoiser(), (torch.randn(1, 2, 4, 4), torch.tensor(8))
