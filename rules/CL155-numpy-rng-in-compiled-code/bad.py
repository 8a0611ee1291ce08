import numpy as np
import torch
from torch import nn


class NumpyNoise(nn.Module):
    def forward(self, x):
        noise = np.random.rand(*x.shape)  # expect: CL155
        return x + torch.from_numpy(noise).float()


def example():
    return NumpyNoise(), (torch.zeros(2, 8),)
