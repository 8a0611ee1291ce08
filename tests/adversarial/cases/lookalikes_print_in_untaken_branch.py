"""A print behind a constant-false flag: dynamo never traces it for these inputs."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, verbose=False):
        super().__init__()
        self.verbose = verbose

    def forward(self, x):
        if self.verbose:
            print("shape", x.shape)
        return x * 2


def example():
    return Model(), (torch.randn(2, 3),)
