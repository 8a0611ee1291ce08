"""The counterpart of fp14_names_sizes_passed_as_steps: a step count is passed as `steps=`, the scale beside it is
not a size, and `float()` of it (a tensor here) breaks."""
import torch
from torch import nn


class Ramp(nn.Module):
    def forward(self, x, steps, scale):
        ramp = torch.linspace(0, 1, steps=steps)
        return x * ramp * float(scale)  # expect: CL111


def example():
    return Ramp(), (torch.randn(2, 5), 5, torch.tensor(2.0))
