"""A contrastive memory that sets its normalization constant on the first call and logs it through a child of the
root logger (torchdistill's `logger = def_logger.getChild(__name__)`, `def_logger = logging.getLogger()` in another
module): `getChild` is logging.Logger's, so the module-level name is a logger and its `info` breaks (GB0291)."""
import logging

import torch
from torch import nn

logger = logging.getLogger().getChild(__name__)


class ContrastMemory(nn.Module):
    def __init__(self, dim=8, size=16):
        super().__init__()
        self.register_buffer("memory", torch.randn(size, dim))
        self.z = -1.0

    def forward(self, x):
        out = torch.exp(x @ self.memory.t())
        if self.z < 0:
            self.z = 16.0
            logger.info("normalization constant is set to %.1f", self.z)  # expect: CL131
        return out / self.z


def example():
    return ContrastMemory(), (torch.randn(2, 8),)
