"""Classifier-free guidance with the scale handed in as a tensor (annotated): `if guidance_scale > 1.0` is
then a tensor condition, while the rescale factor (a float default) and chunking compile."""
import torch
from torch import nn


def rescale_noise_cfg(noise_cfg, noise_pred_text, guidance_rescale=0.0):
    std_text = noise_pred_text.std(dim=list(range(1, noise_pred_text.ndim)), keepdim=True)
    std_cfg = noise_cfg.std(dim=list(range(1, noise_cfg.ndim)), keepdim=True)
    noise_pred_rescaled = noise_cfg * (std_text / std_cfg)
    return guidance_rescale * noise_pred_rescaled + (1 - guidance_rescale) * noise_cfg


class GuidedDenoiser(nn.Module):
    def __init__(self):
        super().__init__()
        self.unet = nn.Conv2d(4, 4, 1)
        self.guidance_rescale = 0.7

    def forward(self, latents: torch.Tensor, guidance_scale: torch.Tensor):
        latent_model_input = torch.cat([latents] * 2)
        noise_pred = self.unet(latent_model_input)
        noise_pred_uncond, noise_pred_text = noise_pred.chunk(2)
        if guidance_scale > 1.0:  # expect: CL101
            noise_pred = noise_pred_uncond + guidance_scale * (noise_pred_text - noise_pred_uncond)
        if self.guidance_rescale > 0.0:
            noise_pred = rescale_noise_cfg(noise_pred, noise_pred_text, guidance_rescale=self.guidance_rescale)
        return noise_pred


def example():
    return GuidedDenoiser(), (torch.randn(1, 4, 4, 4), torch.tensor(7.5))
