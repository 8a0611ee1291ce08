import numpy as np
import torch
from torch import nn


class NumpyRandomness(nn.Module):
    def __init__(self):
        super().__init__()
        self.rng = np.random.default_rng(0)  # built once, outside the compiled code

    def forward(self, x):
        h = x * 2
        jitter = np.random.uniform(0.9, 1.1)  # expect: CL156
        seeds = np.random.SeedSequence(entropy=1234)  # expect: CL156
        seeds.generate_state(2)  # expect: CL156
        noise = self.rng.normal(size=(2, 8))  # expect: CL156
        order = np.random.permutation(8)  # expect: CL156
        return h * jitter + torch.from_numpy(noise).float() + torch.from_numpy(order)


def example():
    return NumpyRandomness(), (torch.randn(2, 8),)
