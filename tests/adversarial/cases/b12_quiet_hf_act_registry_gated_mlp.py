"""A gated MLP whose activation comes from the base file's instantiating registry (a tuple entry with kwargs and
a project class); config string tests choose the layout."""
import torch
from torch import nn

from b12_quiet_hf_base import ACT2FN, Config


class GatedMLP(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.gate_up = nn.Linear(config.hidden_size, 2 * config.hidden_size)
        self.down = nn.Linear(config.hidden_size, config.hidden_size)
        self.act_fn = ACT2FN[config.hidden_act]

    def forward(self, x):
        gate, up = self.gate_up(x).chunk(2, dim=-1)
        if self.config.hidden_act in ("relu", "silu"):
            gate = gate.clamp(max=20.0)
        return self.down(self.act_fn(gate) * up)


class Block(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.mlps = nn.ModuleList(GatedMLP(config) for _ in range(config.num_layers))

    def forward(self, x):
        for mlp in self.mlps:
            x = x + mlp(x)
        return x


def example():
    return Block(Config(hidden_act="gelu_tanh")), (torch.randn(2, 3, 8),)
