"""A spiking readout in the style of snnTorch whose `.item()` reads sit inside calls spread over lines that resume
without a second break: a list's `append`, `torch.full(...)`, a project helper object's method and the module's own
method; and a rate coder that builds its repeat count into a local before `data.repeat(...)`. Each `.item()` /
`.tolist()` breaks on its own line only."""
import torch
from torch import nn


class Gain:
    def __init__(self):
        self.k = 2.0

    def scale(self, v):
        return v * self.k


class Readout(nn.Module):
    def __init__(self):
        super().__init__()
        self.threshold = nn.Parameter(torch.tensor(0.5))
        self.gain = Gain()

    def offset(self, x, v):
        return x + v

    def forward(self, spikes: torch.Tensor):
        rates = []
        rates.append(
            spikes.mean().item()  # expect: CL111
        )
        floor = torch.full(
            (4,), self.threshold.item()  # expect: CL111
        )
        g = self.gain.scale(
            spikes.max().item()  # expect: CL111
        )
        out = self.offset(
            floor, spikes.min().item()  # expect: CL111
        )
        reps = tuple([3] + torch.ones(spikes.dim(), dtype=torch.long).tolist())  # expect: CL112
        repeated = spikes.repeat(
            reps
        )
        return out * g * rates[0] + repeated.sum()


def example():
    return Readout(), (torch.rand(2, 4),)
