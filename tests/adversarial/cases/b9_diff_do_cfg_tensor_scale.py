"""The guidance scale arrives as a tensor (one per prompt batch), and the pipeline's `do_classifier_free_guidance`
property compares it with 1: the property returns a 0-dim bool tensor that decides an `if`."""
import torch
from torch import nn


class Pipeline(nn.Module):
    def __init__(self):
        super().__init__()
        self.unet = nn.Linear(4, 4)
        self._guidance_scale = None

    @property
    def do_classifier_free_guidance(self):
        return self._guidance_scale > 1

    def forward(self, latents, guidance_scale):
        self._guidance_scale = guidance_scale
        model_in = torch.cat([latents] * 2) if self.do_classifier_free_guidance else latents  # known-miss: CL101
        noise = self.unet(model_in)
        if self.do_classifier_free_guidance:  # known-miss: CL101
            uncond, text = noise.chunk(2)
            noise = uncond + guidance_scale * (text - uncond)
        return noise


def example():
    return Pipeline(), (torch.randn(2, 4), torch.tensor(7.5))
