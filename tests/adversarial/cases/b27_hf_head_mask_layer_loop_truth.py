"""An encoder skips a layer whose head mask row is all off: `head_mask` arrives as a (layers,) tensor, and the loop
tests each entry for truth."""
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self, dim=4, layers=3):
        super().__init__()
        self.layer = nn.ModuleList(nn.Linear(dim, dim) for _ in range(layers))

    def forward(self, hidden, head_mask=None):
        for i, layer_module in enumerate(self.layer):
            if head_mask is not None and not head_mask[i]:  # known-miss: CL101
                continue
            hidden = hidden + layer_module(hidden)
        return hidden


def example():
    return Encoder(), (torch.randn(2, 3, 4), torch.tensor([1.0, 0.0, 1.0]))
