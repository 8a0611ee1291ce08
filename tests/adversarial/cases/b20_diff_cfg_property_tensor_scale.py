"""A pipeline-style denoiser keeps the guidance scale it was called with and asks a property whether
classifier-free guidance is on; here the caller hands the scale as a tensor."""
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

    def forward(self, latents, cond, uncond, guidance_scale):
        self._guidance_scale = guidance_scale
        noise_text = self.unet(latents + cond)
        if self.do_classifier_free_guidance:  # known-miss: CL101
            noise_uncond = self.unet(latents + uncond)
            return noise_uncond + guidance_scale * (noise_text - noise_uncond)
        return noise_text


def example():
    return GuidedDenoiser(), (torch.randn(2, 4), torch.randn(2, 4), torch.randn(2, 4), torch.tensor(7.5))
