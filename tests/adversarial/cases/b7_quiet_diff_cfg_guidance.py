"""Classifier-free guidance in a pipeline-like module: `do_classifier_free_guidance` is a property on a
Python float, the batch is doubled with cat and split with chunk, and the guidance rescale uses std()."""
import torch
from torch import nn


class GuidedDenoiser(nn.Module):
    def __init__(self, guidance_scale=7.5, guidance_rescale=0.7):
        super().__init__()
        self.unet = nn.Conv2d(2, 2, 1)
        self._guidance_scale = guidance_scale
        self.guidance_rescale = guidance_rescale

    @property
    def do_classifier_free_guidance(self):
        return self._guidance_scale > 1.0

    def rescale(self, noise_cfg, noise_pred_text):
        std_text = noise_pred_text.std(dim=list(range(1, noise_pred_text.ndim)), keepdim=True)
        std_cfg = noise_cfg.std(dim=list(range(1, noise_cfg.ndim)), keepdim=True)
        rescaled = noise_cfg * (std_text / std_cfg)
        return self.guidance_rescale * rescaled + (1 - self.guidance_rescale) * noise_cfg

    def forward(self, latents):
        model_input = torch.cat([latents] * 2) if self.do_classifier_free_guidance else latents
        noise_pred = self.unet(model_input)
        if self.do_classifier_free_guidance:
            noise_uncond, noise_text = noise_pred.chunk(2)
            noise_pred = noise_uncond + self._guidance_scale * (noise_text - noise_uncond)
            if self.guidance_rescale > 0.0:
                noise_pred = self.rescale(noise_pred, noise_text)
        return noise_pred


def example():
    return GuidedDenoiser(), (torch.randn(1, 2, 3, 3),)
