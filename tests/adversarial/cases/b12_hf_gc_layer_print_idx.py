"""A decoder layer built on the project's GradientCheckpointingLayer (its own __call__, then forward) prints
its index when asked to report; the flag is on in this configuration."""
import torch
from torch import nn

from b12_quiet_hf_base import Config, GradientCheckpointingLayer


class DecoderLayer(GradientCheckpointingLayer):
    def __init__(self, config, layer_idx):
        super().__init__()
        self.layer_idx = layer_idx
        self.verbose = config.debug
        self.mlp = nn.Linear(config.hidden_size, config.hidden_size)

    def _report(self, hidden_states):
        if self.verbose:
            print(f"layer {self.layer_idx}: {tuple(hidden_states.shape)}")  # expect: CL131

    def forward(self, hidden_states):
        self._report(hidden_states)
        return hidden_states + self.mlp(hidden_states)


class Decoder(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.layers = nn.ModuleList(DecoderLayer(config, i) for i in range(config.num_layers))

    def forward(self, hidden_states):
        for layer in self.layers:
            hidden_states = layer(hidden_states)
        return hidden_states


def example():
    return Decoder(Config(debug=True)), (torch.randn(1, 3, 8),)
