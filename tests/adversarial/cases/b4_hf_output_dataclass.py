"""Output dataclasses and return_dict plumbing compile (fields, to_tuple over non-None values, dict-style
reads); the NaN check on the logits before returning is a tensor condition."""
import logging
from dataclasses import dataclass, fields
from typing import Optional, Tuple

import torch
from torch import nn

logger = logging.getLogger(__name__)


@dataclass
class CausalLMOutput:
    loss: Optional[torch.Tensor] = None
    logits: Optional[torch.Tensor] = None
    hidden_states: Optional[Tuple[torch.Tensor, ...]] = None

    def to_tuple(self):
        return tuple(getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None)

    def __getitem__(self, key):
        if isinstance(key, str):
            return getattr(self, key)
        return self.to_tuple()[key]


class Config:
    use_return_dict = True
    output_hidden_states = False


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.config = Config()
        self.body = nn.Linear(8, 8)
        self.head = nn.Linear(8, 5)

    def forward(self, x, labels=None, return_dict=None, output_hidden_states=None):
        return_dict = return_dict if return_dict is not None else self.config.use_return_dict
        output_hidden_states = (
            output_hidden_states if output_hidden_states is not None else self.config.output_hidden_states
        )
        hidden = self.body(x)
        all_hidden_states = (x, hidden) if output_hidden_states else None
        logits = self.head(hidden)
        loss = None
        if labels is not None:
            loss = nn.functional.cross_entropy(logits.view(-1, 5), labels.view(-1))
        if torch.isnan(logits).any():  # expect: CL101
            raise ValueError("NaN in logits")
        if not return_dict:
            output = (logits,) + ((all_hidden_states,) if all_hidden_states is not None else ())
            return ((loss,) + output) if loss is not None else output
        out = CausalLMOutput(loss=loss, logits=logits, hidden_states=all_hidden_states)
        return out["logits"], out.to_tuple()


def example():
    return Model(), (torch.randn(2, 8), torch.randint(0, 5, (2,)))
