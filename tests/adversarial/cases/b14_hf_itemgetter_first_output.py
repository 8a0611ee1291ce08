"""The pooler takes the first element of the encoder's output tuple through the utils' `first_output`, an
`operator.itemgetter(0)` made at import time: a C callable dynamo cannot call."""
import torch
from torch import nn

from b14_hf_utils import Config, first_output


class Encoder(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.layer = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, hidden):
        return self.layer(hidden), None


class Pooler(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.encoder = Encoder(config)
        self.dense = nn.Linear(config.hidden_size, config.hidden_size)

    def forward(self, hidden):
        sequence_output = first_output(self.encoder(hidden))  # known-miss: CL153
        return torch.tanh(self.dense(sequence_output[:, 0]))


def example():
    return Pooler(), (torch.randn(1, 3, 8),)
