"""A sampler that takes an optional logger (annotated `Optional[logging.Logger]`, falling back to a helper that
builds one) and logs from its compiled step, beside a look-alike whose `or` fallback is a number."""
import logging
from typing import Optional

import torch
from torch import nn


def default_logger(name):
    logger = logging.getLogger(name)
    logger.setLevel(logging.WARNING)
    return logger


class Sampler(nn.Module):
    def __init__(self, logger: Optional[logging.Logger] = None, log: logging.Logger = None,
                 scale: Optional[float] = None):
        super().__init__()
        self.net = nn.Linear(8, 8)
        self.logger = logger or default_logger("Sampler")
        self.log = log
        self.scale = scale or 0.5

    def forward(self, x):
        self.logger.info(f"sampling {x.shape[0]} rows")  # expect: CL131
        x = self.net(x) * self.scale
        self.log.debug("step done")  # expect: CL131
        return x


def example():
    return Sampler(log=logging.getLogger("h52")), (torch.randn(2, 8),)
