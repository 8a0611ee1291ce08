"""The version test done once at import time (a module-level bool), read in forward."""
import re

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

from b15_hf_utils import Config

_TORCH_GE_1_11 = tuple(int(p) for p in re.match(r"(\d+)\.(\d+)", torch.__version__).groups()) >= (1, 11)


class CheckpointedBlock(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.gradient_checkpointing = True
        self.ff = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, hidden_states):
        if self.gradient_checkpointing and self.training:
            ckpt_kwargs = {"use_reentrant": False} if _TORCH_GE_1_11 else {}
            return checkpoint(self.ff, hidden_states, **ckpt_kwargs)
        return self.ff(hidden_states)


def example():
    return CheckpointedBlock(), (torch.randn(2, 8),)
