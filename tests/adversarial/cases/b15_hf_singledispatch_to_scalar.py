"""A generation helper normalizes a temperature that may be a float or a tensor with
`functools.singledispatch`; the tensor overload hands back `.item()`."""
from functools import singledispatch

import torch
from torch import nn

from b15_hf_utils import Config


@singledispatch
def as_python_scalar(value):
    return value


@as_python_scalar.register(torch.Tensor)
def _(value):
    return value.item()  # expect: CL111


class TemperatureWarper(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.lm_head = nn.Linear(config.hidden_size, config.vocab_size)

    def forward(self, hidden_states, temperature):
        logits = self.lm_head(hidden_states)
        return logits / as_python_scalar(temperature)


def example():
    return TemperatureWarper(), (torch.randn(2, 8), torch.tensor(0.7))
