"""A decoder that post-processes its images like an image processor: a safety score per image gives a list of
`do_denormalize` flags, built with `not` over the rows of a boolean tensor."""
import torch
from torch import nn


class DecodeAndCheck(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.decoder = nn.Linear(dim, dim)
        self.concept = nn.Linear(dim, 1)

    def forward(self, latents):
        image = self.decoder(latents)
        has_nsfw_concept = self.concept(image).squeeze(-1) > 0.5
        do_denormalize = [not has_nsfw for has_nsfw in has_nsfw_concept]  # expect: CL101
        return torch.stack([(image[i] / 2 + 0.5).clamp(0, 1) if do_denormalize[i] else image[i]
                            for i in range(image.shape[0])])


def example():
    return DecodeAndCheck(), (torch.randn(2, 4),)
