"""The same pruning with the active count a Python int read from the config, and a slice of the output
tuple by `self.config.num_hidden_layers`."""
import torch
from torch import nn

from b15_hf_utils import Config


class Encoder(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config
        self.layer = nn.ModuleList(nn.Linear(config.hidden_size, config.hidden_size)
                                   for _ in range(config.num_hidden_layers))
        self.num_active_layers = config.num_hidden_layers - 1

    def forward(self, hidden_states):
        all_hidden = (hidden_states,)
        for layer_module in self.layer[: self.num_active_layers]:
            hidden_states = layer_module(hidden_states)
            all_hidden = all_hidden + (hidden_states,)
        return hidden_states, all_hidden[: self.config.num_hidden_layers]


def example():
    return Encoder(), (torch.randn(2, 8),)
