"""Layer outputs kept by a comprehension whose filter tests each learned gate's value."""
import torch
from torch import nn

from b13_quiet_hf_modeling import Config


class GatedLayerSum(nn.Module):
    def __init__(self, config, num_layers=3):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(config.hidden_size, config.hidden_size) for _ in range(num_layers))
        self.gates = nn.Parameter(torch.tensor([1.0, -1.0, 2.0]))

    def forward(self, hidden):
        states = [layer(hidden) for layer in self.layers]
        kept = [s * g for s, g in zip(states, self.gates) if g > 0]  # expect: CL101
        return torch.stack(kept).sum(0)


def example():
    return GatedLayerSum(Config()), (torch.randn(1, 3, 8),)
