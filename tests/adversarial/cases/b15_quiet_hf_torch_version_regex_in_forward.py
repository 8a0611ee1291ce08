"""A layer picks its checkpoint keyword arguments with an `is_torch_version` helper that parses
`torch.__version__` with `re.match` inside forward: dynamo traces the regular expression on a constant
string (measured on 2.13)."""
import re

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

from b15_hf_utils import Config


def is_torch_version(operation, version):
    current = tuple(int(p) for p in re.match(r"(\d+)\.(\d+)", torch.__version__).groups())
    wanted = tuple(int(p) for p in version.split(".")[:2])
    return current >= wanted if operation == ">=" else current < wanted


class CheckpointedBlock(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.gradient_checkpointing = True
        self.ff = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, hidden_states):
        if self.gradient_checkpointing and self.training:
            ckpt_kwargs = {"use_reentrant": False} if is_torch_version(">=", "1.11") else {}
            return checkpoint(self.ff, hidden_states, **ckpt_kwargs)
        return self.ff(hidden_states)


def example():
    return CheckpointedBlock(), (torch.randn(2, 8),)
