"""PNA's scaler as the library writes it: the degree statistics are turned into Python floats in __init__ (with
`.item()` and `math.log` there), and forward divides by them."""
import math

import torch
from torch import nn


class DegreeScaler(nn.Module):
    def __init__(self, deg_hist=(0, 2, 3, 1)):
        super().__init__()
        deg = torch.tensor(deg_hist, dtype=torch.float)
        num_nodes = int(deg.sum())
        bins = torch.arange(deg.numel(), dtype=torch.float)
        self.avg_deg_lin = float((bins * deg).sum()) / num_nodes
        self.avg_deg_log = float(((bins + 1).log() * deg).sum()) / num_nodes
        self.avg_log_exp = math.log(self.avg_deg_lin + 1)

    def forward(self, out, deg):
        amplification = torch.log(deg.clamp(min=1).float() + 1) / self.avg_deg_log
        attenuation = self.avg_log_exp / torch.log(deg.clamp(min=1).float() + 1)
        return out * amplification.unsqueeze(-1) + out * attenuation.unsqueeze(-1)


def example():
    return DegreeScaler(), (torch.randn(3, 4), torch.tensor([1, 2, 3]))
