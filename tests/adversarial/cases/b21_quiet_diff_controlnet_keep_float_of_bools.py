"""A ControlNet pipeline step computes which control steps are active with `float()` of a Python comparison of the
step index against guidance start/end fractions, then scales the residuals by those Python floats."""
import torch
from torch import nn


class ControlledStep(nn.Module):
    def __init__(self, dim=4, num_steps=4, control_guidance_start=0.0, control_guidance_end=0.5):
        super().__init__()
        self.controlnet = nn.Linear(dim, dim)
        self.unet = nn.Linear(dim, dim)
        self.controlnet_keep = []
        for i in range(num_steps):
            keeps = 1.0 - float(i / num_steps < control_guidance_start or (i + 1) / num_steps > control_guidance_end)
            self.controlnet_keep.append(keeps)

    def forward(self, latents, i: int, conditioning_scale: float = 0.8):
        cond_scale = conditioning_scale * self.controlnet_keep[i]
        residual = self.controlnet(latents) * cond_scale
        return self.unet(latents) + residual


def example():
    return ControlledStep(), (torch.randn(2, 4), 1)
