"""ModelOutput-style dataclass (an OrderedDict subclass), return_dict / output_hidden_states plumbing."""
from collections import OrderedDict
from dataclasses import dataclass, fields
from typing import Optional, Tuple

import torch
from torch import nn


class ModelOutput(OrderedDict):
    def __post_init__(self):
        for field in fields(self):
            value = getattr(self, field.name)
            if value is not None:
                self[field.name] = value

    def to_tuple(self):
        return tuple(self[k] for k in self.keys())


@dataclass
class BaseModelOutput(ModelOutput):
    last_hidden_state: Optional[torch.FloatTensor] = None
    hidden_states: Optional[Tuple[torch.FloatTensor, ...]] = None
    attentions: Optional[Tuple[torch.FloatTensor, ...]] = None


class Config:
    use_return_dict = True
    output_hidden_states = False


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.config = Config()
        self.layers = nn.ModuleList([nn.Linear(8, 8) for _ in range(2)])

    def forward(self, hidden_states, output_hidden_states=None, return_dict=None):
        output_hidden_states = (
            output_hidden_states if output_hidden_states is not None else self.config.output_hidden_states
        )
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
        self.encoder = Encoder()

    def forward(self, x):
        out = self.encoder(x, output_hidden_states=True)
        return out.last_hidden_state + out["hidden_states"][0], self.encoder(x, return_dict=False)[0]


def example():
    return Model(), (torch.randn(2, 8),)
