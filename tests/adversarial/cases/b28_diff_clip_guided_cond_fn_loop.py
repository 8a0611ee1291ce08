"""A CLIP-guided pipeline steers each denoising step with `cond_fn`, which re-enables grad, makes the latents a
leaf that requires grad and differentiates a guidance loss with `torch.autograd.grad`; the pipeline calls it in
its timestep loop."""
import torch
from torch import nn


class ClipGuidedPipeline(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.unet = nn.Linear(dim, dim)
        self.clip = nn.Linear(dim, dim)
        self.register_buffer("text_embeds", torch.randn(1, dim))
        self.clip_guidance_scale = 100.0

    def cond_fn(self, latents, noise_pred):
        with torch.enable_grad():
            latents = latents.detach().requires_grad_()  # expect: CL146
            sample = latents - 0.1 * noise_pred
            image_embeds = nn.functional.normalize(self.clip(sample), dim=-1)
            loss = (image_embeds - self.text_embeds).pow(2).sum() * self.clip_guidance_scale
            grads = -torch.autograd.grad(loss, latents)[0]  # expect: CL147
        return noise_pred - grads

    def forward(self, latents):
        for _ in range(2):
            noise_pred = self.unet(latents)
            noise_pred = self.cond_fn(latents, noise_pred)
            latents = latents - 0.1 * noise_pred
        return latents


def example():
    return ClipGuidedPipeline(), (torch.randn(2, 4),)
