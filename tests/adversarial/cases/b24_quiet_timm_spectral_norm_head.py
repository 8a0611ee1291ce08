"""A discriminator-style head with `nn.utils.spectral_norm` on its linear layers: the power iteration runs in a
forward pre-hook under no_grad every training call."""
import torch
from torch import nn


class SNHead(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.fc1 = nn.utils.spectral_norm(nn.Linear(dim, dim))
        self.fc2 = nn.utils.spectral_norm(nn.Linear(dim, 1))

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def example():
    return SNHead(), (torch.randn(3, 4),)
