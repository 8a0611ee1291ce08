import torch
from compilelint import Example
from torch import nn

torch._dynamo.config.recompile_limit = 16


class Scheduled(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("step", torch.zeros((), dtype=torch.long))

    def forward(self, x):
        self.step += 1
        return x * 2


def example():
    x = torch.randn(4)
    return Example(Scheduled(), (x,), variants=[(x,)] * 11)
