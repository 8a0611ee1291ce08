"""A VAE decode path that upcasts when the config says so and, after decoding, checks for NaNs/infs and
logs a warning; the check reads tensor values inside a helper of the pipeline-like module."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class TinyVAE(nn.Module):
    def __init__(self, force_upcast=True):
        super().__init__()
        self.post_quant_conv = nn.Conv2d(4, 4, 1)
        self.decoder = nn.Conv2d(4, 3, 3, padding=1)
        self.config = {"scaling_factor": 0.18215, "force_upcast": force_upcast}

    def decode(self, z, return_dict=True):
        sample = self.decoder(self.post_quant_conv(z))
        return {"sample": sample} if return_dict else (sample,)


def _has_non_finite(image):
    return torch.isnan(image).any() or torch.isinf(image).any()  # expect: CL101


class LatentDecoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.vae = TinyVAE()

    def _maybe_upcast(self, latents):
        needs_upcasting = latents.dtype == torch.float16 and self.vae.config["force_upcast"]
        if needs_upcasting:
            self.vae.to(dtype=torch.float32)
            latents = latents.to(torch.float32)
        return latents

    def decode_latents(self, latents):
        latents = self._maybe_upcast(latents) / self.vae.config["scaling_factor"]
        image = self.vae.decode(latents, return_dict=False)[0]
        if _has_non_finite(image):  # expect: CL101
            logger.warning("Decoded image has non-finite values; try `force_upcast=True`.")  # known-fp: CL131
        return (image / 2 + 0.5).clamp(0, 1)

    def forward(self, latents):
        return self.decode_latents(latents)


def example():
    return LatentDecoder(), (torch.randn(1, 4, 4, 4),)
