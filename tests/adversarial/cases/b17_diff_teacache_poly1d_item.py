"""A TeaCache-style step skip: the relative L1 change of the modulated input is rescaled by a fitted
polynomial (numpy's poly1d on a Python float) and accumulated."""
import numpy as np
import torch
from torch import nn

from b17_diff_utils import Config


class TeaCacheBlock(nn.Module):
    coefficients = [4.98e02, -2.83e02, 5.58e01, -3.82e00, 2.64e-01]

    def __init__(self, config=Config(), rel_l1_thresh=0.3):
        super().__init__()
        self.proj = nn.Linear(config.hidden_size, config.hidden_size)
        self.rel_l1_thresh = rel_l1_thresh
        self.rescale_func = np.poly1d(self.coefficients)
        self.accumulated = 0.0

    def relative_l1(self, modulated, previous):
        return ((modulated - previous).abs().mean() / previous.abs().mean()).cpu().item()  # expect: CL111

    def forward(self, modulated_inp, previous_modulated_input):
        self.accumulated += self.rescale_func(self.relative_l1(modulated_inp, previous_modulated_input))  # known-miss: CL159
        return self.proj(modulated_inp)


def example():
    return TeaCacheBlock(), (torch.randn(2, 8), torch.randn(2, 8))
