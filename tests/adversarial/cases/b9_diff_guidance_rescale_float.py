"""Classifier-free guidance with rescaling: the std ratio is turned into a Python float before mixing."""
import torch
from torch import nn


def rescale_noise_cfg(noise_cfg, noise_pred_text, guidance_rescale=0.7):
    std_text = noise_pred_text.std(dim=list(range(1, noise_pred_text.ndim)), keepdim=True)
    std_cfg = noise_cfg.std(dim=list(range(1, noise_cfg.ndim)), keepdim=True)
    ratio = float((std_text / std_cfg).mean())  # expect: CL111
    rescaled = noise_cfg * ratio
    return guidance_rescale * rescaled + (1 - guidance_rescale) * noise_cfg


class GuidedDenoiser(nn.Module):
    def __init__(self, guidance_scale=5.0, guidance_rescale=0.7):
        super().__init__()
        self.unet = nn.Linear(4, 4)
        self.guidance_scale = guidance_scale
        self.guidance_rescale = guidance_rescale

    def forward(self, latents):
        noise = self.unet(torch.cat([latents] * 2))
        uncond, text = noise.chunk(2)
        noise = uncond + self.guidance_scale * (text - uncond)
        if self.guidance_rescale > 0.0:
            noise = rescale_noise_cfg(noise, text, self.guidance_rescale)
        return noise


def example():
    return GuidedDenoiser(), (torch.randn(2, 4),)
