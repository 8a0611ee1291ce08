"""A ModelOutput-like dataclass with `to_tuple()` and integer indexing, returned as a tuple when
`return_dict=False` (`(logits,) + outputs[1:]`), and as the dataclass otherwise."""
from dataclasses import dataclass, fields
from typing import Optional, Tuple

import torch
from torch import nn


@dataclass
class BaseOutput:
    last_hidden_state: Optional[torch.Tensor] = None
    hidden_states: Optional[Tuple[torch.Tensor, ...]] = None

    def to_tuple(self):
        return tuple(getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None)

    def __getitem__(self, index):
        return self.to_tuple()[index]


class Encoder(nn.Module):
    def __init__(self, dim=8, layers=2, use_return_dict=True):
        super().__init__()
        self.use_return_dict = use_return_dict
        self.layers = nn.ModuleList(nn.Linear(dim, dim) for _ in range(layers))
        self.head = nn.Linear(dim, 3)

    def forward(self, x, output_hidden_states=True, return_dict=None):
        return_dict = return_dict if return_dict is not None else self.use_return_dict
        all_hidden = () if output_hidden_states else None
        for layer in self.layers:
            if output_hidden_states:
                all_hidden = all_hidden + (x,)
            x = layer(x).relu()
        outputs = BaseOutput(last_hidden_state=x, hidden_states=all_hidden)
        logits = self.head(outputs[0])
        if not return_dict:
            return (logits,) + outputs[1:]
        return logits, outputs.last_hidden_state


def example():
    return Encoder(), (torch.randn(2, 8), True, False)
