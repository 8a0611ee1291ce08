"""A module method that visits every submodule, called on a submodule with an RNN module below it (the receiver
`self.encoder`, held-out 45's mechanism one level down): dynamo breaks at the call with GB0014."""

import torch
from torch import nn


class LstmEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(8, 8)


class Seq(nn.Module):
    # the receiver is a submodule with the RNN one level down
    def __init__(self):
        super().__init__()
        self.encoder = LstmEncoder()
        self.head = nn.Linear(8, 8)

    def forward(self, x):
        self.encoder.to(x.dtype)  # expect: CL143
        return self.head(x)


def example():
    return Seq(), (torch.randn(2, 8),)
