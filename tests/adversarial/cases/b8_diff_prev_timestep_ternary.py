"""A DDIM-style step: the previous timestep is the current one minus the stride, and the previous alpha
product is looked up only when it is not negative: a ternary on a tensor comparison."""
import torch
from torch import nn


class DDIMLikeScheduler:
    def __init__(self, num_train_timesteps=10, num_inference_steps=5):
        self.alphas_cumprod = torch.linspace(0.99, 0.1, num_train_timesteps)
        self.final_alpha_cumprod = torch.tensor(1.0)
        self.num_train_timesteps = num_train_timesteps
        self.num_inference_steps = num_inference_steps

    def step(self, model_output, timestep, sample):
        prev_timestep = timestep - self.num_train_timesteps // self.num_inference_steps
        alpha_prod_t = self.alphas_cumprod[timestep]
        alpha_prod_t_prev = self.alphas_cumprod[prev_timestep] if prev_timestep >= 0 else self.final_alpha_cumprod  # known-miss: CL101
        pred_original = (sample - (1 - alpha_prod_t) ** 0.5 * model_output) / alpha_prod_t ** 0.5
        return alpha_prod_t_prev ** 0.5 * pred_original + (1 - alpha_prod_t_prev) ** 0.5 * model_output


class Denoiser(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 4)
        self.scheduler = DDIMLikeScheduler()

    def forward(self, sample, timestep):
        return self.scheduler.step(self.net(sample), timestep, sample)


def example():
    return Denoiser(), (torch.randn(2, 4), torch.tensor(7))
