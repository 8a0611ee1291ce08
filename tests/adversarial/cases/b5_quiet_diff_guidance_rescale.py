"""Classifier-free guidance with the "rescale" fix for over-exposure: the guided prediction's per-sample std
is matched to the text branch's std, then mixed by a Python factor. The `if guidance_rescale > 0.0` and
`do_classifier_free_guidance` tests read Python floats only."""
import torch
from torch import nn


def rescale_noise_cfg(noise_cfg, noise_pred_text, guidance_rescale=0.0):
    dims = list(range(1, noise_pred_text.ndim))
    std_text = noise_pred_text.std(dim=dims, keepdim=True)
    std_cfg = noise_cfg.std(dim=dims, keepdim=True)
    noise_pred_rescaled = noise_cfg * (std_text / std_cfg)
    return guidance_rescale * noise_pred_rescaled + (1 - guidance_rescale) * noise_cfg


class GuidedUNetStep(nn.Module):
    def __init__(self, guidance_scale=7.5, guidance_rescale=0.7):
        super().__init__()
        self.unet = nn.Conv2d(4, 4, 3, padding=1)
        self.guidance_scale = guidance_scale
        self.guidance_rescale = guidance_rescale

    @property
    def do_classifier_free_guidance(self):
        return self.guidance_scale > 1.0

    def forward(self, latents):
        latent_in = torch.cat([latents] * 2) if self.do_classifier_free_guidance else latents
        noise_pred = self.unet(latent_in)
        if self.do_classifier_free_guidance:
            noise_pred_uncond, noise_pred_text = noise_pred.chunk(2)
            noise_pred = noise_pred_uncond + self.guidance_scale * (noise_pred_text - noise_pred_uncond)
            if self.guidance_rescale > 0.0:
                noise_pred = rescale_noise_cfg(noise_pred, noise_pred_text, guidance_rescale=self.guidance_rescale)
        return noise_pred


def example():
    return GuidedUNetStep(), (torch.randn(2, 4, 5, 5),)
