"""A safety checker in the diffusion-pipeline style: cosine scores go to numpy, and a Python loop compares
each concept's score with its threshold to collect flagged images."""
import torch
from torch import nn


def cosine_distance(image_embeds, text_embeds):
    return nn.functional.normalize(image_embeds) @ nn.functional.normalize(text_embeds).t()


class SafetyChecker(nn.Module):
    def __init__(self, dim=8, concepts=3):
        super().__init__()
        self.vision_proj = nn.Linear(dim, dim)
        self.concept_embeds = nn.Parameter(torch.randn(concepts, dim))
        self.concept_thresholds = nn.Parameter(torch.full((concepts,), 0.2))

    def forward(self, clip_input, images):
        image_embeds = self.vision_proj(clip_input)
        cos_dist = cosine_distance(image_embeds, self.concept_embeds).detach().cpu().float().numpy()
        thresholds = self.concept_thresholds.detach().cpu().numpy()
        has_nsfw = []
        for i in range(cos_dist.shape[0]):
            flagged = False
            for j in range(cos_dist.shape[1]):
                if cos_dist[i, j] - thresholds[j] > 0:  # known-miss: CL101
                    flagged = True
            has_nsfw.append(flagged)
        return images, has_nsfw


def example():
    return SafetyChecker(), (torch.randn(2, 8), torch.randn(2, 3, 4, 4))
