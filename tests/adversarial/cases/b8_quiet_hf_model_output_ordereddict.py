"""A model output in the hub style: a dataclass that is also an OrderedDict (`__post_init__` copies the fields
that are set into the dict), indexed by name and by position, and turned into a tuple when the config asks for
no dict. Dynamo traces the dict-backed dataclass without a break."""
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

    def __getitem__(self, key):
        if isinstance(key, str):
            return dict(self.items())[key]
        return self.to_tuple()[key]

    def to_tuple(self):
        return tuple(self[k] for k in self.keys())


@dataclass
class EncoderOutput(ModelOutput):
    last_hidden_state: Optional[torch.Tensor] = None
    hidden_states: Optional[Tuple[torch.Tensor, ...]] = None


class Config:
    use_return_dict = True
    output_hidden_states = True


class Encoder(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config
        self.layers = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])

    def forward(self, hidden_states, return_dict=None):
        return_dict = return_dict if return_dict is not None else self.config.use_return_dict
        all_hidden = () if self.config.output_hidden_states else None
        for layer in self.layers:
            if all_hidden is not None:
                all_hidden = all_hidden + (hidden_states,)
            hidden_states = layer(hidden_states)
        output = EncoderOutput(last_hidden_state=hidden_states, hidden_states=all_hidden)
        if not return_dict:
            return output.to_tuple()
        return output["last_hidden_state"] + output[0]


def example():
    return Encoder(), (torch.randn(2, 4),)
