import logging
import warnings

import torch
from loguru import logger as loguru_logger
from torch import nn

logger = logging.getLogger(__name__)


class Noisy(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        h = self.proj(x)
        print("hidden", h.shape)  # expect: CL131
        logger.debug("still running")  # expect: CL131
        h = torch.relu(h)
        warnings.warn("this layer is deprecated")  # expect: CL131
        loguru_logger.info("loguru too")  # expect: CL131
        return h * 2


def example():
    return Noisy(), (torch.randn(2, 8),)
