"""Jumping knowledge with a recurrent summariser chosen by name: `getattr(nn, mode.upper())` builds an `nn.GRU` in
`__init__`, and forward runs it over the layer stack."""
import torch
from torch import nn


class JumpingKnowledge(nn.Module):
    def __init__(self, dim=3, mode="gru"):
        super().__init__()
        self.rnn = getattr(nn, mode.upper())(dim, dim, batch_first=True)
        self.att = nn.Linear(dim, 1)

    def forward(self, xs):
        x = torch.stack(xs, dim=1)
        h, _ = self.rnn(x)  # known-miss: CL143
        alpha = self.att(h).softmax(dim=1)
        return (x * alpha).sum(1)


def example():
    return JumpingKnowledge(), ([torch.randn(4, 3), torch.randn(4, 3)],)
