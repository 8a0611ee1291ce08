import torch
from torch import nn


class Sampler(nn.Module):
    def steps(self, x, ts):
        dts = torch.diff(ts)
        for t, dt in zip(ts[:-1], dts):
            x = x + t * dt
            yield x

    def forward(self, x, ts):
        trajectory = list(self.steps(x, ts))
        return trajectory[-1]


def example():
    return Sampler(), (torch.randn(3), torch.linspace(1.0, 0.0, 5))
