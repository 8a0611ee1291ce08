"""A cosine-attention head (SwinV2 / CLIP style) exponentiates its learned logit scale with `math.exp` after a
clamp: the clamp keeps a tensor, and math.exp of it is a Python float."""
import math

import torch
import torch.nn.functional as F
from torch import nn


class CosineHead(nn.Module):
    def __init__(self, dim=4, classes=3):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(classes, dim))
        self.logit_scale = nn.Parameter(torch.tensor(math.log(10.0)))
        self.logit_max = math.log(1.0 / 0.01)

    def forward(self, x):
        scale = math.exp(self.logit_scale.clamp(max=self.logit_max))  # expect: CL113
        return scale * F.normalize(x, dim=-1) @ F.normalize(self.weight, dim=-1).t()


def example():
    return CosineHead(), (torch.randn(2, 4),)
