"""A PNA-style scaler computes the average log-degree lazily from the degree histogram buffer the first time it
runs, with `math.log` as in the real constructor."""
import math

import torch
from torch import nn


class DegreeScaler(nn.Module):
    def __init__(self, deg_hist=(0, 2, 3, 1)):
        super().__init__()
        self.register_buffer("deg_hist", torch.tensor(deg_hist, dtype=torch.float))
        self.avg_log = None

    def forward(self, out, deg):
        if self.avg_log is None:
            bins = torch.arange(self.deg_hist.numel(), dtype=torch.float)
            self.avg_log = math.log((bins + 1).log().mul(self.deg_hist).sum() / self.deg_hist.sum())  # expect: CL113
        amplification = torch.log(deg.clamp(min=1).float() + 1) / self.avg_log
        return out * amplification.unsqueeze(-1)


def example():
    return DegreeScaler(), (torch.randn(3, 4), torch.tensor([1, 2, 3]))
