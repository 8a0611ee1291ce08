"""A Cutout augmentation in the training step: the hole's corner is drawn as one two-element tensor and unpacked
into y and x, which then bound the slice that is zeroed."""
import torch
from torch import nn


class Cutout(nn.Module):
    def __init__(self, length=2):
        super().__init__()
        self.length = length

    def forward(self, img):
        h, w = img.shape[-2:]
        y, x = torch.randint(0, h - self.length, (2,))
        out = img.clone()
        out[..., y:y + self.length, x:x + self.length] = 0  # expect: CL114
        return out


class TrainAug(nn.Module):
    def __init__(self):
        super().__init__()
        self.cutout = Cutout()
        self.stem = nn.Conv2d(3, 4, 1)

    def forward(self, img):
        return self.stem(self.cutout(img))


def example():
    return TrainAug(), (torch.rand(1, 3, 6, 6),)
