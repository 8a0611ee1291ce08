"""A pipeline applies classifier-free guidance only inside a guidance interval: the denoising loop records the
current timestep on the pipeline, and the `do_classifier_free_guidance` property tests the scale and the recorded
timestep against the interval."""
import torch
from torch import nn


class IntervalGuidancePipeline(nn.Module):
    def __init__(self, dim=4, steps=3, guidance_scale=5.0, guidance_interval=(200, 800)):
        super().__init__()
        self.unet = nn.Linear(dim, dim)
        self.register_buffer("timesteps", torch.linspace(999, 0, steps).long())
        self._guidance_scale = guidance_scale
        self._interval = guidance_interval
        self._current_timestep = None

    @property
    def do_classifier_free_guidance(self):
        low, high = self._interval
        return self._guidance_scale > 1 and low <= self._current_timestep <= high  # known-miss: CL101

    def forward(self, latents, uncond):
        for t in self.timesteps:
            self._current_timestep = t
            noise_pred = self.unet(latents)
            if self.do_classifier_free_guidance:
                noise_pred = uncond + self._guidance_scale * (noise_pred - uncond)
            latents = latents - 0.1 * noise_pred
        return latents


def example():
    return IntervalGuidancePipeline(), (torch.randn(2, 4), torch.randn(2, 4))
