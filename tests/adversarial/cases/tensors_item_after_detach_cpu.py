"""`.detach().cpu().item()` and `.cpu().numpy().tolist()` still copy tensor data to Python."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        h = x * 2
        peak = h.abs().max().detach().cpu().item()  # expect: CL111
        rows = h.sum(1).cpu().numpy().tolist()  # expect: CL112
        return h / peak, rows


def example():
    return Model(), (torch.randn(2, 3),)
