"""The debug-logging twin: the statistics switch is read once at import from the environment into a module flag
(unset), and forward tests the flag, not the logger."""
import logging
import os

import torch
from torch import nn

_logger = logging.getLogger(__name__)
_DEBUG_STATS = os.environ.get("B27_DEBUG_STATS") == "1"


class Stage(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        x = self.fc(x)
        if _DEBUG_STATS:
            _logger.debug("stage out mean %s", x.mean())  # known-fp: CL131
        return x


def example():
    return Stage(), (torch.randn(2, 4),)
