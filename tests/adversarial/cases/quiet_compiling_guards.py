"""Side effects guarded by the ways libraries spell "am I being compiled": torch.compiler.is_compiling,
torch._dynamo.is_compiling, a module-level alias, a negated local flag."""
import logging
import time
import warnings

import torch
from torch import nn
from torch.compiler import is_compiling as compiling

logger = logging.getLogger(__name__)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        if not torch.compiler.is_compiling():
            logger.info("eager step")
        if not torch._dynamo.is_compiling():
            warnings.warn("eager")
        eager = not compiling()
        if eager:
            start = time.time()
        y = self.lin(x)
        if torch.compiler.is_compiling():
            return y
        print(float(y.mean()), time.time() - start)
        return y


def example():
    return Model(), (torch.randn(2, 4),)
