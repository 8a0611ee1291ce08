"""A DDIM step whose timesteps come from a Python list made by `.tolist()` in set_timesteps (outside compiled
code): `prev_timestep >= 0` and the ternary over alphas_cumprod read Python ints: nothing breaks."""
import torch
from torch import nn


class DDIMScheduler:
    def __init__(self, num_train_timesteps=20):
        betas = torch.linspace(1e-4, 0.02, num_train_timesteps)
        self.alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
        self.final_alpha_cumprod = torch.tensor(1.0)
        self.num_train_timesteps = num_train_timesteps
        self.set_timesteps(4)

    def set_timesteps(self, num_inference_steps):
        self.num_inference_steps = num_inference_steps
        step_ratio = self.num_train_timesteps // num_inference_steps
        timesteps = torch.arange(0, num_inference_steps) * step_ratio
        self.timesteps = timesteps.flip(0)
        self.timestep_list = self.timesteps.tolist()

    def step(self, model_output, timestep, sample, eta=0.0):
        prev_timestep = timestep - self.num_train_timesteps // self.num_inference_steps
        alpha_prod_t = self.alphas_cumprod[timestep]
        alpha_prod_t_prev = self.alphas_cumprod[prev_timestep] if prev_timestep >= 0 else self.final_alpha_cumprod
        beta_prod_t = 1 - alpha_prod_t
        pred_original_sample = (sample - beta_prod_t ** (0.5) * model_output) / alpha_prod_t ** (0.5)
        if eta > 0:
            raise NotImplementedError("eta > 0")
        pred_sample_direction = (1 - alpha_prod_t_prev) ** (0.5) * model_output
        return alpha_prod_t_prev ** (0.5) * pred_original_sample + pred_sample_direction


class Pipe(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 4)
        self.scheduler = DDIMScheduler()

    def forward(self, latents, step):
        t = self.scheduler.timestep_list[step]
        return self.scheduler.step(self.net(latents), t, latents)


def example():
    return Pipe(), (torch.randn(2, 4), 3)
