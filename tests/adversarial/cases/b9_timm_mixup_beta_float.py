"""Mixup inside the compiled train step: the mixing factor from numpy's beta distribution, as a float."""
import numpy as np
import torch
from torch import nn


class MixupModel(nn.Module):
    def __init__(self, alpha=0.8):
        super().__init__()
        self.alpha = alpha
        self.fc = nn.Linear(4, 3)

    def forward(self, x):
        lam = float(np.random.beta(self.alpha, self.alpha))  # expect: CL156
        x = x * lam + x.flip(0) * (1.0 - lam)
        return self.fc(x)


def example():
    return MixupModel(), (torch.randn(4, 4),)
