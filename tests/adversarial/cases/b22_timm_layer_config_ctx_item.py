"""A token-pruning block counts the kept tokens inside timm's `set_layer_config`-style context manager (a
`@contextmanager` flipping module-level flags) and logs the count after it."""
import logging
from contextlib import contextmanager

import torch
from torch import nn

_logger = logging.getLogger(__name__)
_EXPORTABLE = False


@contextmanager
def set_layer_config(exportable=None):
    global _EXPORTABLE
    prev = _EXPORTABLE
    if exportable is not None:
        _EXPORTABLE = exportable
    try:
        yield
    finally:
        _EXPORTABLE = prev


class TokenPrune(nn.Module):
    def __init__(self, dim=4, keep_thresh=0.0):
        super().__init__()
        self.score = nn.Linear(dim, 1)
        self.keep_thresh = keep_thresh

    def forward(self, x):
        scores = self.score(x).squeeze(-1)
        with set_layer_config(exportable=True):
            kept = int((scores > self.keep_thresh).sum())  # expect: CL111
        _logger.debug("kept %d tokens", kept)
        return x * (scores > self.keep_thresh).unsqueeze(-1)


def example():
    return TokenPrune(), (torch.randn(2, 5, 4),)
