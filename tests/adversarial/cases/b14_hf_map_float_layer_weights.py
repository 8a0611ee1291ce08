"""Weighted layer pooling: the per-layer weights are a buffer, turned into Python floats with
`map(float, ...)` before the weighted sum."""
import torch
from torch import nn

from b14_hf_utils import Config


class WeightedLayerPooling(nn.Module):
    def __init__(self, config=Config(), num_layers=3):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(config.hidden_size, config.hidden_size) for _ in range(num_layers)])
        self.register_buffer("layer_weights", torch.tensor([0.5, 0.3, 0.2]))

    def forward(self, hidden):
        states = []
        for layer in self.layers:
            hidden = layer(hidden)
            states.append(hidden)
        weights = list(map(float, self.layer_weights))  # expect: CL111
        return sum(w * s for w, s in zip(weights, states))


def example():
    return WeightedLayerPooling(), (torch.randn(1, 3, 8),)
