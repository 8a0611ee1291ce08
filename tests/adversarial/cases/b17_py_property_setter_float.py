"""A temperature property with a setter that stores the value as a Python float; forward assigns a learned
temperature to it."""
import torch
from torch import nn


class Scaler(nn.Module):
    def __init__(self):
        super().__init__()
        self.log_t = nn.Parameter(torch.zeros(()))
        self._temperature = 1.0

    @property
    def temperature(self):
        return self._temperature

    @temperature.setter
    def temperature(self, value):
        self._temperature = float(value)  # known-miss: CL111

    def forward(self, logits):
        self.temperature = self.log_t.exp()
        return logits / self.temperature


def example():
    return Scaler(), (torch.randn(2, 5),)
