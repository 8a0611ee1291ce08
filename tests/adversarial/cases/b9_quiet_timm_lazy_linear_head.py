"""A classifier head built with nn.LazyLinear (in_features inferred on the first call) and a conv stem
whose output size is computed with `math.ceil` of shapes."""
import math

import torch
from torch import nn


class LazyHeadNet(nn.Module):
    def __init__(self, num_classes=3):
        super().__init__()
        self.stem = nn.Conv2d(3, 4, 3, stride=2, padding=1)
        self.head = nn.LazyLinear(num_classes)

    def forward(self, x):
        x = self.stem(x)
        out_h = math.ceil(x.shape[-2] / 2)
        x = nn.functional.adaptive_avg_pool2d(x, (out_h, out_h))
        return self.head(x.flatten(1))


def example():
    model = LazyHeadNet()
    model(torch.randn(1, 3, 8, 8))
    return model, (torch.randn(2, 3, 8, 8),)
