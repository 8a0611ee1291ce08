"""The cosine head's twin: `math.exp` of the Python init value kept beside the parameter (`logit_scale_init`);
the parameter itself goes through `torch.exp`."""
import math

import torch
import torch.nn.functional as F
from torch import nn


class CosineHead(nn.Module):
    def __init__(self, dim=4, classes=3, init=10.0):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(classes, dim))
        self.logit_scale_init = math.log(init)
        self.logit_scale = nn.Parameter(torch.tensor(self.logit_scale_init))
        self.logit_max = math.log(1.0 / 0.01)

    def forward(self, x):
        floor = math.exp(self.logit_scale_init) * 0.1
        scale = torch.exp(self.logit_scale.clamp(max=self.logit_max)) + floor
        return scale * F.normalize(x, dim=-1) @ F.normalize(self.weight, dim=-1).t()


def example():
    return CosineHead(), (torch.randn(2, 4),)
