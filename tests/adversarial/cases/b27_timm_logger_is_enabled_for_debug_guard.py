"""A stage logs feature statistics only when the module logger is enabled for DEBUG: the guard itself,
`Logger.isEnabledFor`, is a logger method dynamo does not trace."""
import logging

import torch
from torch import nn

_logger = logging.getLogger(__name__)


class Stage(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        x = self.fc(x)
        if _logger.isEnabledFor(logging.DEBUG):  # expect: CL131
            _logger.debug("stage out mean %s", x.mean())  # known-fp: CL131
        return x


def example():
    return Stage(), (torch.randn(2, 4),)
