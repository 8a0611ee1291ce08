"""np.nonzero on a Python constant list inside forward: traced as torch.nonzero (data-dependent), and `.tolist()` of it."""
import numpy as np
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        keep = np.nonzero([1, 0, 1])[0]  # expect: CL121
        return x[:, keep.tolist()]  # expect: CL112


def example():
    return Model(), (torch.randn(2, 3),)
