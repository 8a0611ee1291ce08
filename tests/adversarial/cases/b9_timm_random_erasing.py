"""A random-erasing augmentation module run inside the compiled model during training."""
import random

import torch
from torch import nn


class RandomErasing(nn.Module):
    def __init__(self, probability=0.5, max_area=0.3):
        super().__init__()
        self.probability = probability
        self.max_area = max_area

    def forward(self, img):
        if random.random() > self.probability:  # expect: CL133
            return img
        h, w = img.shape[-2:]
        eh, ew = max(1, int(h * self.max_area)), max(1, int(w * self.max_area))
        img = img.clone()
        img[..., :eh, :ew] = 0
        return img


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.aug = RandomErasing()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, x):
        if self.training:
            x = self.aug(x)
        return self.conv(x)


def example():
    return Net().train(), (torch.randn(1, 3, 8, 8),)
