"""The head-mask twin: the mask is a Python list of flags given at construction; the layer loop tests it in Python,
and a tensor head mask only multiplies."""
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self, dim=4, layers=3, active=(True, False, True)):
        super().__init__()
        self.layer = nn.ModuleList(nn.Linear(dim, dim) for _ in range(layers))
        self.active = list(active)

    def forward(self, hidden, head_mask=None):
        for i, layer_module in enumerate(self.layer):
            if not self.active[i]:
                continue
            out = layer_module(hidden)
            if head_mask is not None:
                out = out * head_mask[i]
            hidden = hidden + out
        return hidden


def example():
    return Encoder(), (torch.randn(2, 3, 4), torch.tensor([1.0, 0.0, 1.0]))
