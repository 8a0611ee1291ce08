"""A module-level helper object whose `__call__` prints; forward calls it like a function."""
import torch
from torch import nn

from b13_quiet_hf_modeling import Config, TemplateLayer


class ShapeTracer:
    def __init__(self, prefix):
        self.prefix = prefix

    def __call__(self, name, tensor):
        print(f"{self.prefix}{name}: {tuple(tensor.shape)}")  # expect: CL131
        return tensor


trace = ShapeTracer("[encoder] ")


class TracedLayer(TemplateLayer):
    def forward(self, hidden, mask=None):
        hidden = trace("input", hidden)
        return super().forward(hidden, mask)


def example():
    return TracedLayer(Config()), (torch.randn(1, 3, 8),)
