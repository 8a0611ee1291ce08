"""A GAN critic with differentiable augmentation in the style of StyleGAN2's DiffAugment: the policies are a table
of lists of functions below the model (`partial` ones with their strengths), and forward loops over the chosen
lists. Only the table says which functions run, so a linter that reads no further than `fn(images)` sees nothing;
the brightness jitter tosses a Python coin (GB0007). Quiet twins: contrast and flip draw with torch and compile."""
import random
from functools import partial

import torch
from torch import nn


def rand_brightness(x, scale):
    if random.random() < 0.5:  # expect: CL133
        return x
    return x + (torch.rand(x.size(0), 1, 1, 1) - 0.5) * scale


def rand_contrast(x, scale):
    mean = x.mean(dim=[1, 2, 3], keepdim=True)
    return (x - mean) * (torch.rand(x.size(0), 1, 1, 1) * scale + 0.75) + mean


def rand_flip(x):
    keep = torch.rand(x.size(0), 1, 1, 1) < 0.5
    return torch.where(keep, x, x.flip(3))


class AugmentedCritic(nn.Module):
    def __init__(self, policy=("color", "flip")):
        super().__init__()
        self.policy = policy
        self.net = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.LeakyReLU(0.2), nn.AdaptiveAvgPool2d(1),
                                 nn.Flatten(), nn.Linear(4, 1))

    def forward(self, images):
        for name in self.policy:
            for fn in POLICIES[name]:
                images = fn(images)
        return self.net(images)


POLICIES = {
    "color": [partial(rand_brightness, scale=1.0), partial(rand_contrast, scale=0.5)],
    "flip": [rand_flip],
}


def example():
    return AugmentedCritic(), (torch.rand(2, 3, 8, 8),)
