"""Classifier-free guidance inside a compiled denoising step: the batch is doubled when guidance is on (a
float comparison on a property), the prediction split with `chunk`, and rescaled with per-sample stds."""
import torch
from torch import nn


def rescale_noise_cfg(noise_cfg, noise_pred_text, guidance_rescale=0.0):
    std_text = noise_pred_text.std(dim=list(range(1, noise_pred_text.ndim)), keepdim=True)
    std_cfg = noise_cfg.std(dim=list(range(1, noise_cfg.ndim)), keepdim=True)
    noise_pred_rescaled = noise_cfg * (std_text / std_cfg)
    return guidance_rescale * noise_pred_rescaled + (1 - guidance_rescale) * noise_cfg


class GuidedStep(nn.Module):
    def __init__(self, guidance_scale=7.5, guidance_rescale=0.7):
        super().__init__()
        self.unet = nn.Conv2d(4, 4, 3, padding=1)
        self._guidance_scale = guidance_scale
        self._guidance_rescale = guidance_rescale
        self.time_cond_proj_dim = None

    @property
    def do_classifier_free_guidance(self):
        return self._guidance_scale > 1 and self.time_cond_proj_dim is None

    def forward(self, latents, t):
        latent_model_input = torch.cat([latents] * 2) if self.do_classifier_free_guidance else latents
        noise_pred = self.unet(latent_model_input) * t
        if self.do_classifier_free_guidance:
            noise_pred_uncond, noise_pred_text = noise_pred.chunk(2)
            noise_pred = noise_pred_uncond + self._guidance_scale * (noise_pred_text - noise_pred_uncond)
            if self._guidance_rescale > 0.0:
                noise_pred = rescale_noise_cfg(noise_pred, noise_pred_text, guidance_rescale=self._guidance_rescale)
        return latents - 0.1 * noise_pred


def example():
    return GuidedStep(), (torch.randn(1, 4, 4, 4), torch.tensor(0.5))
