"""`self.training`, a config dataclass and module attributes in conditions: constants, no break."""
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class Config:
    use_bias: bool = True
    dropout: float = 0.1
    heads: int = 2


class Model(nn.Module):
    def __init__(self, config: Config):
        super().__init__()
        self.config = config
        self.scale = config.heads ** -0.5

    def forward(self, x):
        if self.training and self.config.dropout > 0:
            x = nn.functional.dropout(x, self.config.dropout)
        if self.config.use_bias and self.scale < 1:
            x = x + self.scale
        return x


def example():
    return Model(Config()).eval(), (torch.randn(2, 3),)
