"""A test-time-resize wrapper keeps its crop percentage in a buffer and sizes the resize target from it with
`.item()` before `F.interpolate`."""
import math

import torch
import torch.nn.functional as F
from torch import nn


class TestTimeResize(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("crop_pct", torch.tensor(0.875))
        self.conv = nn.Conv2d(3, 3, 1)

    def forward(self, x):
        size = math.floor(x.shape[-1] / self.crop_pct.item())  # expect: CL111
        x = F.interpolate(x, size=(size, size), mode="bilinear", align_corners=False)
        return self.conv(x)


def example():
    return TestTimeResize(), (torch.randn(2, 3, 7, 7),)
