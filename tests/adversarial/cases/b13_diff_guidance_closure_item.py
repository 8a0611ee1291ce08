"""Classifier-free guidance in a closure defined in forward; the closure reads the guidance buffer's value."""
import torch
from torch import nn

from b13_quiet_diff_modeling import ModelMixin


class GuidedDenoiser(ModelMixin):
    def __init__(self, dim=8):
        super().__init__()
        self.net = nn.Linear(dim, dim)
        self.register_buffer("guidance_scale", torch.tensor(7.5))

    def forward(self, sample):
        def guide(uncond, cond):
            if self.guidance_scale.item() <= 1.0:  # expect: CL111
                return cond
            return uncond + self.guidance_scale * (cond - uncond)

        uncond, cond = self.net(torch.cat([sample, sample])).chunk(2)
        return guide(uncond, cond)


def example():
    return GuidedDenoiser(), (torch.randn(1, 8),)
