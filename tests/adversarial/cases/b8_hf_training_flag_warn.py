"""`warnings.warn` under a training flag: the model warns that a large dropout is unusual while training,
a branch taken under compile because the module is in training mode."""
import warnings

import torch
from torch import nn


class Config:
    hidden_size = 4
    hidden_dropout_prob = 0.6


class Head(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config
        self.dense = nn.Linear(config.hidden_size, config.hidden_size)
        self.dropout = nn.Dropout(config.hidden_dropout_prob)

    def forward(self, hidden_states):
        if self.training and self.config.hidden_dropout_prob > 0.5:
            warnings.warn("hidden_dropout_prob above 0.5 during training", UserWarning)  # expect: CL131
        return self.dropout(self.dense(hidden_states))


def example():
    return Head().train(), (torch.randn(2, 4),)
