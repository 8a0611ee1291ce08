"""`return_dict` handling with a dataclass output: hidden states collected in a tuple when asked, the
tuple form built by filtering Nones, and the output's `to_tuple()`/indexing helpers from the utils."""
import torch
from torch import nn

from b11_quiet_hf_utils import BaseModelOutput


class Config:
    num_hidden_layers = 2
    hidden_size = 8
    use_return_dict = True
    output_hidden_states = False


class Encoder(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.layers = nn.ModuleList(nn.Linear(config.hidden_size, config.hidden_size)
                                    for _ in range(config.num_hidden_layers))

    def forward(self, hidden_states, output_hidden_states=None, return_dict=None):
        output_hidden_states = (output_hidden_states if output_hidden_states is not None
                                else self.config.output_hidden_states)
        return_dict = return_dict if return_dict is not None else self.config.use_return_dict
        all_hidden_states = () if output_hidden_states else None
        for layer in self.layers:
            if output_hidden_states:
                all_hidden_states = all_hidden_states + (hidden_states,)
            hidden_states = layer(hidden_states)
        if not return_dict:
            return tuple(v for v in [hidden_states, all_hidden_states] if v is not None)
        return BaseModelOutput(last_hidden_state=hidden_states, hidden_states=all_hidden_states)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder(Config())

    def forward(self, x):
        as_dict = self.encoder(x, output_hidden_states=True)
        as_tuple = self.encoder(x, return_dict=False)
        return as_dict[0] + as_dict.to_tuple()[1][0] + as_tuple[0]


def example():
    return Model(), (torch.randn(2, 3, 8),)
