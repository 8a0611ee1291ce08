"""Layer pruning at inference: the encoder keeps how many layers are active in a buffer (saved with the
state dict) and runs `self.layer[: self.num_active_layers]`."""
import torch
from torch import nn

from b15_hf_utils import Config


class Encoder(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.layer = nn.ModuleList(nn.Linear(config.hidden_size, config.hidden_size)
                                   for _ in range(config.num_hidden_layers))
        self.register_buffer("num_active_layers", torch.tensor(config.num_hidden_layers - 1))

    def forward(self, hidden_states):
        for layer_module in self.layer[: self.num_active_layers]:  # expect: CL114
            hidden_states = layer_module(hidden_states)
        return hidden_states


def example():
    return Encoder(), (torch.randn(2, 8),)
