"""A base forward calls `self._mix`, overridden by the subclass that is compiled."""
import torch
from torch import nn


class Base(nn.Module):
    def _mix(self, x):
        return x

    def forward(self, x):
        return self._mix(x * 2)


class Noisy(Base):
    def _mix(self, x):
        print("mixing")  # expect: CL131
        return x + 1


def example():
    return Noisy(), (torch.randn(2, 3),)
