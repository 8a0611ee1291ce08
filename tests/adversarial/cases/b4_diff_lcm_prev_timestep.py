"""An LCM-style step: the previous timestep is read from the schedule (a tensor) when the int index is in
range, then `alphas_cumprod[prev] if prev >= 0 else final` is a tensor condition in a ternary."""
import torch
from torch import nn


class LCMScheduler:
    def __init__(self, num_train_timesteps=20):
        betas = torch.linspace(1e-4, 0.02, num_train_timesteps)
        self.alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
        self.final = torch.tensor(1.0)
        self.timesteps = torch.tensor([19, 13, 7, 1])
        self.sigma_data = 0.5
        self.timestep_scaling = 10.0
        self.step_index = 0

    def get_scalings_for_boundary_condition_discrete(self, timestep):
        scaled_timestep = timestep * self.timestep_scaling
        c_skip = self.sigma_data**2 / (scaled_timestep**2 + self.sigma_data**2)
        c_out = scaled_timestep / (scaled_timestep**2 + self.sigma_data**2) ** 0.5
        return c_skip, c_out

    def step(self, model_output, timestep, sample):
        prev_step_index = self.step_index + 1
        if prev_step_index < len(self.timesteps):
            prev_t = self.timesteps[prev_step_index]
        else:
            prev_t = timestep
        alpha_prod_t = self.alphas_cumprod[timestep]
        alpha_prod_t_prev = self.alphas_cumprod[prev_t] if prev_t >= 0 else self.final  # expect: CL101
        beta_prod_t = 1 - alpha_prod_t
        c_skip, c_out = self.get_scalings_for_boundary_condition_discrete(timestep)
        predicted_original_sample = (sample - beta_prod_t.sqrt() * model_output) / alpha_prod_t.sqrt()
        denoised = c_out * predicted_original_sample + c_skip * sample
        return alpha_prod_t_prev.sqrt() * denoised


class Pipe(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 4)
        self.scheduler = LCMScheduler()

    def forward(self, sample, t):
        return self.scheduler.step(self.net(sample), t, sample)


def example():
    return Pipe(), (torch.randn(2, 4), torch.tensor(19))
