"""The guidance property of a pipeline-style denoiser, given a Python float guidance scale: the property's
comparison is a Python bool."""
import torch
from torch import nn


class GuidedDenoiser(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.unet = nn.Linear(dim, dim)
        self._guidance_scale = 1.0

    @property
    def do_classifier_free_guidance(self):
        return self._guidance_scale > 1

    def forward(self, latents, cond, uncond, guidance_scale: float = 7.5):
        self._guidance_scale = guidance_scale
        noise_text = self.unet(latents + cond)
        if self.do_classifier_free_guidance:
            noise_uncond = self.unet(latents + uncond)
            return noise_uncond + guidance_scale * (noise_text - noise_uncond)
        return noise_text


def example():
    return GuidedDenoiser(), (torch.randn(2, 4), torch.randn(2, 4), torch.randn(2, 4))
