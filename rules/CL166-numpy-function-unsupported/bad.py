import numpy as np
import torch
from numpy import isin
from torch import nn


class OrientationPool(nn.Module):
    def forward(self, x):
        flat = x.flatten(1).argmax(1)
        subs = np.unravel_index(flat.numpy(), (3, 4))  # expect: CL166
        return x[:, torch.as_tensor(subs[0])].sum(1)


class Masked(nn.Module):
    def forward(self, x):
        keep = torch.as_tensor(isin(x.numpy().round(), [0.0, 1.0]))  # expect: CL166
        return x * keep + np.nanmean(x.numpy())  # expect: CL166


def example():
    return nn.Sequential(OrientationPool(), Masked()), (torch.randn(2, 3, 4),)
