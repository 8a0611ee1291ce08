"""The test-time-resize twin: the crop percentage is a Python float, `math.floor` of shape arithmetic."""
import math

import torch
import torch.nn.functional as F
from torch import nn


class TestTimeResize(nn.Module):
    def __init__(self, crop_pct=0.875):
        super().__init__()
        self.crop_pct = crop_pct
        self.conv = nn.Conv2d(3, 3, 1)

    def forward(self, x):
        size = math.floor(x.shape[-1] / self.crop_pct)
        x = F.interpolate(x, size=(size, size), mode="bilinear", align_corners=False)
        return self.conv(x)


def example():
    return TestTimeResize(), (torch.randn(2, 3, 7, 7),)
