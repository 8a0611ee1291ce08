"""A diffusion training step with an offset noise term and min-SNR loss weighting: timesteps drawn with
`torch.randint`, SNR from the alphas table by advanced indexing, the weights as `stack(...).min(dim=1)[0]`, and the
prediction type a config string."""
import torch
import torch.nn.functional as F
from torch import nn


class MinSNRTrainingStep(nn.Module):
    def __init__(self, dim=4, num_train_timesteps=10, snr_gamma=5.0, noise_offset=0.05, prediction_type="epsilon"):
        super().__init__()
        self.unet = nn.Conv2d(dim, dim, 1)
        self.register_buffer("alphas_cumprod", torch.linspace(0.99, 0.01, num_train_timesteps))
        self.num_train_timesteps = num_train_timesteps
        self.snr_gamma = snr_gamma
        self.noise_offset = noise_offset
        self.prediction_type = prediction_type

    def compute_snr(self, timesteps):
        alpha = self.alphas_cumprod[timesteps]
        return alpha / (1 - alpha)

    def forward(self, latents):
        noise = torch.randn_like(latents)
        if self.noise_offset:
            noise = noise + self.noise_offset * torch.randn(latents.shape[0], latents.shape[1], 1, 1)
        bsz = latents.shape[0]
        timesteps = torch.randint(0, self.num_train_timesteps, (bsz,), device=latents.device)
        alpha = self.alphas_cumprod[timesteps].view(-1, 1, 1, 1)
        noisy = alpha.sqrt() * latents + (1 - alpha).sqrt() * noise
        pred = self.unet(noisy)
        snr = self.compute_snr(timesteps)
        mse_loss_weights = torch.stack([snr, self.snr_gamma * torch.ones_like(timesteps)], dim=1).min(dim=1)[0]
        if self.prediction_type == "epsilon":
            mse_loss_weights = mse_loss_weights / snr
        loss = F.mse_loss(pred.float(), noise.float(), reduction="none").mean(dim=(1, 2, 3))
        return (loss * mse_loss_weights).mean()


def example():
    return MinSNRTrainingStep(), (torch.randn(2, 4, 4, 4),)
