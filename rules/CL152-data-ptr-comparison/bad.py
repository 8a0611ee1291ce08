import torch
from torch import nn


class Alias(nn.Module):
    def forward(self, x):
        h = x + 1
        flat = h.view(-1)
        if flat.data_ptr() == h.data_ptr():  # expect: CL152
            return flat * 2
        return flat


def example():
    return Alias(), (torch.randn(2, 8),)
