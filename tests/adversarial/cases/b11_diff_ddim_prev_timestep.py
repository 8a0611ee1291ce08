"""A DDIM step called with a 0-dim tensor timestep: the previous timestep is computed with tensor
arithmetic and chosen between the schedule and the final alpha by comparing it with zero."""
import torch
from torch import nn


class DDIMScheduler:
    def __init__(self, num_train_timesteps=20, set_alpha_to_one=True):
        self.config = {"num_train_timesteps": num_train_timesteps, "prediction_type": "epsilon",
                       "clip_sample": False}
        betas = torch.linspace(1e-4, 0.02, num_train_timesteps)
        self.alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
        self.final_alpha_cumprod = torch.tensor(1.0) if set_alpha_to_one else self.alphas_cumprod[0]
        self.num_inference_steps = 4

    def _alpha_prev(self, prev_timestep):
        return self.alphas_cumprod[prev_timestep] if prev_timestep >= 0 else self.final_alpha_cumprod  # known-miss: CL101

    def step(self, model_output, timestep, sample, eta=0.0):
        prev_timestep = timestep - self.config["num_train_timesteps"] // self.num_inference_steps
        alpha_prod_t = self.alphas_cumprod[timestep]
        alpha_prod_t_prev = self._alpha_prev(prev_timestep)
        beta_prod_t = 1 - alpha_prod_t
        if self.config["prediction_type"] == "epsilon":
            pred_original_sample = (sample - beta_prod_t ** 0.5 * model_output) / alpha_prod_t ** 0.5
            pred_epsilon = model_output
        else:
            raise ValueError(f"prediction_type {self.config['prediction_type']} is not supported")
        direction = (1 - alpha_prod_t_prev) ** 0.5 * pred_epsilon
        return alpha_prod_t_prev ** 0.5 * pred_original_sample + direction


class Denoise(nn.Module):
    def __init__(self):
        super().__init__()
        self.unet = nn.Conv2d(4, 4, 3, padding=1)
        self.scheduler = DDIMScheduler()

    def forward(self, latents, t):
        return self.scheduler.step(self.unet(latents), t, latents)


def example():
    return Denoise(), (torch.randn(1, 4, 4, 4), torch.tensor(3))
