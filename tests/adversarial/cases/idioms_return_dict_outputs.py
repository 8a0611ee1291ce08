"""`return_dict` flags, config objects and dataclass outputs: all Python-level, none of it breaks."""
from dataclasses import dataclass
from typing import Optional, Tuple

import torch
from torch import nn


@dataclass
class Config:
    hidden_size: int = 8
    use_return_dict: bool = True
    output_hidden_states: bool = False
    layer_norm_eps: float = 1e-5


@dataclass
class BaseModelOutput:
    last_hidden_state: torch.Tensor
    pooler_output: Optional[torch.Tensor] = None
    hidden_states: Optional[Tuple[torch.Tensor, ...]] = None


class Model(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.config = config
        self.dense = nn.Linear(config.hidden_size, config.hidden_size)
        self.norm = nn.LayerNorm(config.hidden_size, eps=config.layer_norm_eps)

    def forward(self, x, return_dict=None, output_hidden_states=None):
        return_dict = return_dict if return_dict is not None else self.config.use_return_dict
        output_hidden_states = (
            output_hidden_states if output_hidden_states is not None else self.config.output_hidden_states
        )
        all_hidden = () if output_hidden_states else None
        h = self.norm(self.dense(x))
        if output_hidden_states:
            all_hidden = all_hidden + (h,)
        pooled = h[:, 0]
        if not return_dict:
            return tuple(v for v in [h, pooled, all_hidden] if v is not None)
        return BaseModelOutput(last_hidden_state=h, pooler_output=pooled, hidden_states=all_hidden)


def example():
    return Model(Config()), (torch.randn(2, 3, 8),)
