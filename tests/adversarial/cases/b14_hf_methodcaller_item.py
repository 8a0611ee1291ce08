"""The logits processor reads its temperature through a module-level `operator.methodcaller("item")`: a
Python float out of a buffer, spelled without `.item()` at the call."""
import operator

import torch
from torch import nn

from b14_hf_utils import Config

_as_python_number = operator.methodcaller("item")


class TemperatureWarper(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.lm_head = nn.Linear(config.hidden_size, config.vocab_size)
        self.register_buffer("temperature", torch.tensor(0.7))

    def forward(self, hidden):
        temperature = _as_python_number(self.temperature)  # expect: CL153
        return self.lm_head(hidden) / temperature


def example():
    return TemperatureWarper(), (torch.randn(1, 3, 8),)
