"""Output dataclass plumbing: `return_dict`, `output_hidden_states` and `output_attentions` default to config
flags, hidden states are collected in tuples, and the tuple form drops the Nones. Nothing here reads a tensor
value."""
from dataclasses import dataclass
from typing import Optional, Tuple

import torch
from torch import nn


@dataclass
class BaseModelOutput:
    last_hidden_state: torch.Tensor = None
    hidden_states: Optional[Tuple[torch.Tensor, ...]] = None
    attentions: Optional[Tuple[torch.Tensor, ...]] = None


class Config:
    use_return_dict = True
    output_hidden_states = False
    output_attentions = False


class Layer(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, output_attentions=False):
        weights = torch.softmax(x @ x.transpose(-1, -2), dim=-1)
        out = self.proj(weights @ x)
        return (out, weights) if output_attentions else (out,)


class Encoder(nn.Module):
    def __init__(self, config, layers=2):
        super().__init__()
        self.config = config
        self.layers = nn.ModuleList(Layer() for _ in range(layers))

    def forward(self, hidden, output_attentions=None, output_hidden_states=None, return_dict=None):
        output_attentions = output_attentions if output_attentions is not None else self.config.output_attentions
        output_hidden_states = (
            output_hidden_states if output_hidden_states is not None else self.config.output_hidden_states
        )
        return_dict = return_dict if return_dict is not None else self.config.use_return_dict
        all_hidden_states = () if output_hidden_states else None
        all_attentions = () if output_attentions else None
        for layer in self.layers:
            if output_hidden_states:
                all_hidden_states = all_hidden_states + (hidden,)
            layer_outputs = layer(hidden, output_attentions)
            hidden = layer_outputs[0]
            if output_attentions:
                all_attentions = all_attentions + (layer_outputs[1],)
        if output_hidden_states:
            all_hidden_states = all_hidden_states + (hidden,)
        if not return_dict:
            return tuple(v for v in [hidden, all_hidden_states, all_attentions] if v is not None)
        return BaseModelOutput(hidden, all_hidden_states, all_attentions)


def example():
    model = Encoder(Config())
    return (lambda x: model(x, output_attentions=True, output_hidden_states=True, return_dict=False)), \
        (torch.randn(1, 3, 4),)
