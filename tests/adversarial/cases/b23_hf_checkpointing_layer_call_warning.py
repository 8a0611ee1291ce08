"""A gradient-checkpointing layer base overrides `__call__`: in training with checkpointing on, it drops a cached
`use_cache=True` with a warning and runs the layer under checkpoint; decoder layers subclass it."""
import logging
from functools import partial

import torch
import torch.utils.checkpoint
from torch import nn

logger = logging.getLogger(__name__)


class GradientCheckpointingLayer(nn.Module):
    gradient_checkpointing = False

    def __call__(self, *args, **kwargs):
        if self.gradient_checkpointing and self.training:
            if kwargs.get("use_cache", False):
                logger.warning("`use_cache=True` is incompatible with gradient checkpointing. Setting `use_cache=False`.")  # expect: CL131
                kwargs["use_cache"] = False
            return torch.utils.checkpoint.checkpoint(partial(super().__call__, **kwargs), *args, use_reentrant=False)
        return super().__call__(*args, **kwargs)


class DecoderLayer(GradientCheckpointingLayer):
    def __init__(self, d=8):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(d, d), nn.GELU(), nn.Linear(d, d))

    def forward(self, hidden, use_cache=False):
        return hidden + self.mlp(hidden)


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = DecoderLayer()
        self.layer.gradient_checkpointing = True

    def forward(self, hidden):
        return self.layer(hidden, use_cache=True)


def example():
    return Decoder().train(), (torch.randn(2, 3, 8),)
