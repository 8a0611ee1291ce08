"""A pooling dispatch table keyed by a config string; the chosen pooler turns valid lengths into a list."""
import torch
from torch import nn

from b13_quiet_hf_modeling import Config


def _first_token(hidden, mask):
    return hidden[:, 0]


def _mean_valid(hidden, mask):
    lengths = mask.sum(-1).tolist()  # expect: CL112
    return torch.stack([hidden[i, :n].mean(0) for i, n in enumerate(lengths)])


POOLERS = {"cls": _first_token, "mean": _mean_valid}


class Pooler(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.pool = POOLERS[config.pooling]
        self.dense = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, hidden, mask):
        return torch.tanh(self.dense(self.pool(hidden, mask)))


def example():
    return Pooler(Config()), (torch.randn(2, 3, 8), torch.tensor([[1, 1, 0], [1, 1, 1]]))
