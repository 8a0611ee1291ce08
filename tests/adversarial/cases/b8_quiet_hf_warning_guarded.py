"""Warnings a hub model keeps out of the compiled graph: `warning_once` behind `not is_torchdynamo_compiling()`,
`warnings.warn` in `__init__` driven by the config, and a logger call under a config flag that is off."""
import warnings

import torch
from torch import nn

from b8_quiet_hf_import_utils import get_logger, is_torchdynamo_compiling

logger = get_logger(__name__)


class Config:
    hidden_size = 4
    hidden_dropout_prob = 0.7
    verbose_shapes = False


class Block(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config
        if config.hidden_dropout_prob > 0.5:
            warnings.warn("hidden_dropout_prob above 0.5", UserWarning)
        self.dense = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, hidden_states, head_mask=None):
        if head_mask is not None and not is_torchdynamo_compiling():
            logger.warning_once("head_mask is deprecated and ignored")
        if self.config.verbose_shapes:
            logger.info("hidden states %s", tuple(hidden_states.shape))  # known-fp: CL131
        return self.dense(hidden_states)


def example():
    return Block(), (torch.randn(2, 4), torch.ones(2))
