"""CutMix in the training step with lam drawn from a `torch.distributions.Beta` made in __init__; the box side is
`math.sqrt(1 - lam)` of the image side, as in the numpy version."""
import math

import torch
from torch import nn


class CutMix(nn.Module):
    def __init__(self, alpha=1.0):
        super().__init__()
        self.beta = torch.distributions.Beta(torch.tensor(alpha), torch.tensor(alpha))

    def forward(self, x):
        lam = self.beta.sample()
        cut = int(x.shape[-1] * math.sqrt(1.0 - lam))  # expect: CL113
        out = x.clone()
        out[..., :cut, :cut] = x.flip(0)[..., :cut, :cut]
        return out


def example():
    return CutMix(), (torch.rand(2, 3, 6, 6),)
