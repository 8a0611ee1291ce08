"""`print` rebound to a logger method: still a logging call, it breaks."""
import logging

import torch
from torch import nn

print = logging.getLogger(__name__).debug


class Model(nn.Module):
    def forward(self, x):
        h = x.relu()
        print("hidden %s", h.shape)  # expect: CL131
        return h * 2


def example():
    return Model(), (torch.randn(2, 3),)
