"""`sys.version_info`, `os.getenv`, `torch.cuda.is_available()`, `torch.is_grad_enabled()` compile."""
import os
import sys

import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        if sys.version_info >= (3, 8) and os.getenv("ADV_FLAG") is None:
            x = x + 1
        if torch.cuda.is_available() or not torch.is_grad_enabled():
            x = x * 2
        return x.to(torch.get_default_dtype())


def example():
    return Model(), (torch.randn(2, 3),)
