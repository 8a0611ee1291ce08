import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class Quiet(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        print("built once, outside the compiled region")

    def forward(self, x):
        h = self.proj(x)
        if not torch.compiler.is_compiling():
            print("hidden", h.shape)
            logger.debug("eager only")
        return torch.relu(h) * 2


def example():
    return Quiet(), (torch.randn(2, 8),)
