"""A diffusion library's utils file for batch 20: the cosine alpha-bar of a schedule (math on the timestep, meant
for Python floats in `betas_for_alpha_bar`), and a small progress bar object whose `update` writes to stdout. The
other b20 diffusion cases import it; its example runs both once."""
import math
import sys

import torch
from torch import nn


def alpha_bar_cosine(t, s=0.008):
    return math.cos((t + s) / (1 + s) * math.pi / 2) ** 2  # expect: CL113


def betas_for_alpha_bar(num_steps, max_beta=0.999):
    betas = []
    for i in range(num_steps):
        t1, t2 = i / num_steps, (i + 1) / num_steps
        betas.append(min(1 - alpha_bar_cosine(t2) / alpha_bar_cosine(t1), max_beta))
    return torch.tensor(betas, dtype=torch.float32)


class ProgressBar:
    def __init__(self, total):
        self.total = total
        self.n = 0

    def update(self, k=1):
        self.n += k  # known-fp: CL201
        sys.stdout.write(f"\r{self.n}/{self.total}")  # expect: CL139


class _UtilsDemo(nn.Module):
    def forward(self, sample, timestep):
        bar = ProgressBar(1)
        scale = alpha_bar_cosine(timestep / 1000)
        bar.update()
        return sample * scale


def example():
    return _UtilsDemo(), (torch.randn(2, 4), torch.tensor(500.0))
