"""`int`/`float`/`bool` of Python values and `math` on module constants compile."""
import math

import torch
from torch import nn

HIDDEN = 4


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = 2
        self.flag = "1"

    def forward(self, x):
        per_head = int(HIDDEN / self.heads)
        scale = float(per_head) ** -0.5
        on = bool(int(self.flag))
        return x * scale * math.sqrt(per_head) if on else x


def example():
    return Model(), (torch.randn(2, 3),)
