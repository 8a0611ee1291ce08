"""A project guard helper that looks like the compile check but asks whether TorchScript tracing is on: under
torch.compile it answers False, so the deprecation warning it is meant to hide is traced."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


def is_tracing_guard():
    return torch.jit.is_tracing()


class Pooler(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.dense = nn.Linear(dim, dim)

    def forward(self, hidden, head_mask=None):
        if head_mask is None and not is_tracing_guard():
            logger.warning("head_mask is deprecated and will be removed")  # expect: CL131
        return torch.tanh(self.dense(hidden[:, 0]))


def example():
    return Pooler(), (torch.randn(2, 3, 4),)
