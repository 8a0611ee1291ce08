"""A progress message built with `str.format` and a format spec from a tensor loss, kept on the module: dynamo
2.13 formats the 0-d tensor without a break."""
import torch
from torch import nn


class Trainer(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 1)
        self.last_message = ""

    def forward(self, x, y):
        loss = (self.lin(x) - y).pow(2).mean()
        self.last_message = "loss={:.4f}".format(loss)
        return loss


def example():
    return Trainer(), (torch.randn(3, 4), torch.randn(3, 1))
