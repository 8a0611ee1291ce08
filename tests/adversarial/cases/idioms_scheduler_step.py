"""diffusers-style scheduler step inside a compiled denoise function: the timestep is a tensor taken from
`self.timesteps`, so index lookups and `prev_t >= 0` read data."""
import numpy as np
import torch


class DDIMScheduler:
    def __init__(self, num_train_timesteps=20, num_inference_steps=5):
        self.alphas_cumprod = torch.linspace(0.999, 0.01, num_train_timesteps)
        self.final_alpha_cumprod = torch.tensor(1.0)
        self.num_inference_steps = num_inference_steps
        step_ratio = num_train_timesteps // num_inference_steps
        self.timesteps = torch.from_numpy((np.arange(0, num_inference_steps) * step_ratio)[::-1].copy())

    def index_for_timestep(self, timestep):
        indices = (self.timesteps == timestep).nonzero()  # expect: CL121
        pos = 1 if len(indices) > 1 else 0
        return indices[pos].item()  # expect: CL111

    def step(self, model_output, timestep, sample):
        prev_t = timestep - 20 // self.num_inference_steps
        alpha_prod_t = self.alphas_cumprod[timestep]
        alpha_prod_t_prev = self.alphas_cumprod[prev_t] if prev_t >= 0 else self.final_alpha_cumprod  # known-miss: CL101
        beta_prod_t = 1 - alpha_prod_t
        pred_original = (sample - beta_prod_t ** 0.5 * model_output) / alpha_prod_t ** 0.5
        return alpha_prod_t_prev ** 0.5 * pred_original + (1 - alpha_prod_t_prev) ** 0.5 * model_output


scheduler = DDIMScheduler()


def denoise_step(sample, t):
    noise_pred = sample * 0.1
    step_index = scheduler.index_for_timestep(t)
    return scheduler.step(noise_pred, t, sample), step_index


compiled_step = torch.compile(denoise_step)


def example():
    return denoise_step, (torch.randn(2, 4), scheduler.timesteps[1])
