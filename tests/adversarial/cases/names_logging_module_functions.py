"""`logging.info` (the module function) and a logger level check in forward."""
import logging as log

import torch
from torch import nn

logger = log.getLogger(__name__)


class Model(nn.Module):
    def forward(self, x):
        h = x * 2
        log.info("forward")  # expect: CL131
        if logger.isEnabledFor(log.DEBUG):  # expect: CL131
            h = h + 1
        return h


def example():
    return Model(), (torch.randn(2, 3),)
