"""`sum` of a generator expression over a generator function under `inference_mode()` imported by name
(grad_mode_generators.py says why it breaks)."""
import torch
from torch import inference_mode, nn


@inference_mode()
def levels(x, steps):
    for i in range(steps):
        yield x + i


class Consumed(nn.Module):
    def forward(self, x):
        total = sum(level.sum() for level in levels(x, 3))  # expect: CL162
        return x * total


def example():
    return Consumed(), (torch.randn(2, 4),)
