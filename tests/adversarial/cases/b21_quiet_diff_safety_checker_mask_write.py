"""A safety checker blanks flagged images with a boolean-mask write (`images[flags] = 0.0`) and scales the scores by
a Python adjustment only when the config asks for it."""
import torch
from torch import nn


class SafetyChecker(nn.Module):
    def __init__(self, dim=12, concepts=3, adjustment=0.0):
        super().__init__()
        self.concept_embeds = nn.Parameter(torch.randn(concepts, dim))
        self.register_buffer("thresholds", torch.full((concepts,), 0.5))
        self.adjustment = adjustment

    def forward(self, images, image_embeds):
        scores = image_embeds @ self.concept_embeds.t()
        if self.adjustment != 0.0:
            scores = scores + self.adjustment
        has_nsfw_concepts = (scores > self.thresholds).any(dim=-1)
        images = images.clone()
        images[has_nsfw_concepts] = 0.0
        return images, has_nsfw_concepts


def example():
    return SafetyChecker(), (torch.randn(2, 3, 4, 4), torch.randn(2, 12))
