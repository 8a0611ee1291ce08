"""Hidden states collected in a local list and tuple, a dict of outputs filled key by key, and an attribute
dict updated in place: Python container mutation is replayed, not a break."""
import torch
from torch import nn

from b13_quiet_hf_modeling import BaseOutput, Config


class Encoder(nn.Module):
    def __init__(self, config, num_layers=2):
        super().__init__()
        self.config = config
        self.layers = nn.ModuleList(nn.Linear(config.hidden_size, config.hidden_size) for _ in range(num_layers))
        self.last_stats = {}

    def forward(self, hidden):
        all_hidden = ()
        per_layer = []
        for layer in self.layers:
            all_hidden = all_hidden + (hidden,)
            hidden = layer(hidden)
            per_layer.append(hidden.mean())
        outputs = {}
        outputs["last_hidden_state"] = hidden
        outputs["hidden_states"] = all_hidden if self.config.output_hidden_states else None
        self.last_stats["mean"] = torch.stack(per_layer)
        return BaseOutput(**outputs).to_tuple()


def example():
    return Encoder(Config()), (torch.randn(1, 3, 8),)
