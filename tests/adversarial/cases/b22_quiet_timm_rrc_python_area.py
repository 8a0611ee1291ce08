"""A center-resized-crop with the crop side from `math.sqrt` of a Python area (the image's shape times a
configured scale): every number is known when tracing."""
import math

import torch
import torch.nn.functional as F
from torch import nn


class CenterResizedCrop(nn.Module):
    def __init__(self, size=4, scale=0.64, ratio=1.0):
        super().__init__()
        self.size = size
        self.scale = scale
        self.ratio = ratio

    def get_params(self, img):
        area = img.shape[-2] * img.shape[-1]
        target_area = area * self.scale
        w = int(round(math.sqrt(target_area * self.ratio)))
        top = (img.shape[-2] - w) // 2
        return top, min(w, img.shape[-1])

    def forward(self, img):
        top, w = self.get_params(img)
        return F.interpolate(img[..., top:top + w, top:top + w], size=(self.size, self.size), mode="bilinear")


def example():
    return CenterResizedCrop(), (torch.rand(1, 3, 8, 8),)
