"""DDIM step with a tensor timestep: previous timestep, alpha products and the thresholding switch."""
import torch
from torch import nn


class Config:
    num_train_timesteps = 100
    prediction_type = "epsilon"
    thresholding = False
    clip_sample = True
    clip_sample_range = 1.0


class DDIMScheduler(nn.Module):
    def __init__(self, num_inference_steps=10):
        super().__init__()
        self.config = Config()
        self.num_inference_steps = num_inference_steps
        betas = torch.linspace(1e-4, 0.02, self.config.num_train_timesteps)
        self.register_buffer("alphas_cumprod", torch.cumprod(1.0 - betas, dim=0))
        self.final_alpha_cumprod = torch.tensor(1.0)

    def forward(self, model_output, timestep, sample, eta=0.0):
        prev_timestep = timestep - self.config.num_train_timesteps // self.num_inference_steps
        alpha_prod_t = self.alphas_cumprod[timestep]
        alpha_prod_t_prev = self.alphas_cumprod[prev_timestep] if prev_timestep >= 0 else self.final_alpha_cumprod  # expect: CL101
        beta_prod_t = 1 - alpha_prod_t
        if self.config.prediction_type == "epsilon":
            pred_original_sample = (sample - beta_prod_t ** 0.5 * model_output) / alpha_prod_t ** 0.5
            pred_epsilon = model_output
        elif self.config.prediction_type == "v_prediction":
            pred_original_sample = (alpha_prod_t ** 0.5) * sample - (beta_prod_t ** 0.5) * model_output
            pred_epsilon = (alpha_prod_t ** 0.5) * model_output + (beta_prod_t ** 0.5) * sample
        else:
            raise ValueError(f"prediction_type given as {self.config.prediction_type} must be one of `epsilon`")
        if self.config.thresholding:
            pred_original_sample = pred_original_sample.clamp(-2, 2)
        elif self.config.clip_sample:
            pred_original_sample = pred_original_sample.clamp(-self.config.clip_sample_range, self.config.clip_sample_range)
        pred_sample_direction = (1 - alpha_prod_t_prev) ** 0.5 * pred_epsilon
        return alpha_prod_t_prev ** 0.5 * pred_original_sample + pred_sample_direction


def example():
    return DDIMScheduler(), (torch.randn(1, 2, 4, 4), torch.tensor(50), torch.randn(1, 2, 4, 4))
