import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.GRUCell(8, 8)

    def forward(self, x):
        h = torch.zeros(x.shape[0], 8)
        for step in range(x.shape[1]):
            h = self.cell(x[:, step], h)
        return h


def example():
    return Encoder(), (torch.randn(2, 5, 8),)
