"""A safety checker blanks flagged images: the per-image flags are a boolean tensor, and the images are rebuilt in a
comprehension that tests `not flag` for each image."""
import torch
from torch import nn


class SafetyChecker(nn.Module):
    def __init__(self, dim=12, concepts=3):
        super().__init__()
        self.concept_embeds = nn.Parameter(torch.randn(concepts, dim))
        self.register_buffer("thresholds", torch.full((concepts,), 0.5))

    def forward(self, images, image_embeds):
        scores = image_embeds @ self.concept_embeds.t()
        has_nsfw_concepts = (scores > self.thresholds).any(dim=-1)
        images = torch.stack([img if not flag else torch.zeros_like(img)  # expect: CL101
                              for img, flag in zip(images, has_nsfw_concepts)])
        return images, has_nsfw_concepts


def example():
    return SafetyChecker(), (torch.randn(2, 3, 4, 4), torch.randn(2, 12))
