"""`add_noise` with per-sample timesteps: the schedule is indexed by a timestep tensor, flattened and
unsqueezed in a `while` loop on shape lengths until it broadcasts against the samples."""
import torch
from torch import nn


class DDPMScheduler:
    def __init__(self, num_train_timesteps=20):
        betas = torch.linspace(1e-4, 0.02, num_train_timesteps)
        self.alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)

    def add_noise(self, original_samples, noise, timesteps):
        alphas_cumprod = self.alphas_cumprod.to(device=original_samples.device, dtype=original_samples.dtype)
        timesteps = timesteps.to(original_samples.device)
        sqrt_alpha_prod = alphas_cumprod[timesteps] ** 0.5
        sqrt_alpha_prod = sqrt_alpha_prod.flatten()
        while len(sqrt_alpha_prod.shape) < len(original_samples.shape):
            sqrt_alpha_prod = sqrt_alpha_prod.unsqueeze(-1)
        sqrt_one_minus_alpha_prod = (1 - alphas_cumprod[timesteps]) ** 0.5
        sqrt_one_minus_alpha_prod = sqrt_one_minus_alpha_prod.flatten()
        while len(sqrt_one_minus_alpha_prod.shape) < len(original_samples.shape):
            sqrt_one_minus_alpha_prod = sqrt_one_minus_alpha_prod.unsqueeze(-1)
        return sqrt_alpha_prod * original_samples + sqrt_one_minus_alpha_prod * noise

    def get_velocity(self, sample, noise, timesteps):
        alpha = self.alphas_cumprod[timesteps].flatten()[:, None, None, None]
        return alpha ** 0.5 * noise - (1 - alpha) ** 0.5 * sample


class TrainingStep(nn.Module):
    def __init__(self):
        super().__init__()
        self.unet = nn.Conv2d(4, 4, 3, padding=1)
        self.scheduler = DDPMScheduler()
        self.prediction_type = "v_prediction"

    def forward(self, latents, noise, timesteps):
        noisy = self.scheduler.add_noise(latents, noise, timesteps)
        if self.prediction_type == "epsilon":
            target = noise
        elif self.prediction_type == "v_prediction":
            target = self.scheduler.get_velocity(latents, noise, timesteps)
        else:
            raise ValueError(f"Unknown prediction type {self.prediction_type}")
        return torch.nn.functional.mse_loss(self.unet(noisy), target)


def example():
    return TrainingStep(), (torch.randn(2, 4, 4, 4), torch.randn(2, 4, 4, 4), torch.tensor([3, 7]))
