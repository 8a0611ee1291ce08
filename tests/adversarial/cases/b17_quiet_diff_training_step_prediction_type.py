"""A compiled training step (a plain function): noise offset, random timesteps, the target chosen by the
scheduler's prediction type (a string), and an SNR-clipped weight."""
import torch
import torch.nn.functional as F
from torch import nn

from b17_diff_utils import Config

_UNET = nn.Linear(4, 4)
_ALPHAS_CUMPROD = torch.linspace(0.99, 0.01, Config.num_train_timesteps)


def training_step(latents, noise_offset=0.05, snr_gamma=5.0, config=Config()):
    noise = torch.randn_like(latents)
    if noise_offset:
        noise = noise + noise_offset * torch.randn((latents.shape[0], 1))
    timesteps = torch.randint(0, config.num_train_timesteps, (latents.shape[0],))
    alpha = _ALPHAS_CUMPROD[timesteps][:, None]
    noisy = alpha.sqrt() * latents + (1 - alpha).sqrt() * noise
    if config.prediction_type == "epsilon":
        target = noise
    elif config.prediction_type == "v_prediction":
        target = alpha.sqrt() * noise - (1 - alpha).sqrt() * latents
    else:
        raise ValueError(f"Unknown prediction type {config.prediction_type}")
    snr = alpha / (1 - alpha)
    weight = torch.stack([snr, snr_gamma * torch.ones_like(snr)], dim=1).min(dim=1)[0] / snr
    return (F.mse_loss(_UNET(noisy), target, reduction="none") * weight).mean()


def example():
    return training_step, (torch.randn(3, 4),)
