"""Forward defines a small closure that renormalises guidance only when its spread is large, a test on a tensor
value, and applies it to both branches of classifier-free guidance."""
import torch
from torch import nn


class GuidedDenoiser(nn.Module):
    def __init__(self, channels=2, guidance_scale=5.0, guidance_rescale=0.7):
        super().__init__()
        self.unet = nn.Conv2d(channels, channels, 3, padding=1)
        self.guidance_scale = guidance_scale
        self.guidance_rescale = guidance_rescale

    def forward(self, latents):
        noise_uncond, noise_text = self.unet(torch.cat([latents, latents + 0.1])).chunk(2)
        guided = noise_uncond + self.guidance_scale * (noise_text - noise_uncond)

        def rescale(cfg, text):
            std_text, std_cfg = text.std(), cfg.std()
            if std_cfg > 2 * std_text:  # expect: CL101
                cfg = cfg * (std_text / std_cfg)
            return self.guidance_rescale * cfg + (1 - self.guidance_rescale) * text

        return rescale(guided, noise_text)


def example():
    return GuidedDenoiser(), (torch.randn(1, 2, 4, 4),)
