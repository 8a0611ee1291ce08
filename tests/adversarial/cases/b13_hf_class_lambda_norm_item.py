"""A class-level lambda becomes a method; it reads the weight norm as a Python float for a rescale."""
import torch
from torch import nn

from b13_quiet_hf_modeling import Config


class RescaledDense(nn.Module):
    weight_norm = lambda self: self.dense.weight.norm().item()  # noqa: E731  # known-miss: CL111

    def __init__(self, config):
        super().__init__()
        self.dense = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, hidden):
        return self.dense(hidden) / max(self.weight_norm(), 1.0)


def example():
    return RescaledDense(Config()), (torch.randn(1, 3, 8),)
