"""A random-resized-crop done on tensors inside the training step: the target area is drawn with
`torch.empty(1).uniform_`, and the crop width is taken with `math.sqrt` as in the PIL version."""
import math

import torch
import torch.nn.functional as F
from torch import nn


class RandomResizedCropTensor(nn.Module):
    def __init__(self, size=4, scale=(0.5, 1.0), ratio=1.0):
        super().__init__()
        self.size = size
        self.scale = scale
        self.ratio = ratio

    def get_params(self, img):
        area = img.shape[-2] * img.shape[-1]
        target_area = area * torch.empty(1).uniform_(self.scale[0], self.scale[1])
        w = int(round(math.sqrt(target_area * self.ratio)))  # expect: CL113
        return min(w, img.shape[-1])

    def forward(self, img):
        w = self.get_params(img)
        return F.interpolate(img[..., :w, :w], size=(self.size, self.size), mode="bilinear")


def example():
    return RandomResizedCropTensor(), (torch.rand(1, 3, 8, 8),)
