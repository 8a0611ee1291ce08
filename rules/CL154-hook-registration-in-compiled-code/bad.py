import torch
from torch import nn


class Hooked(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        h = x + 1
        self.proj.register_forward_pre_hook(lambda module, args: None)  # expect: CL154
        return self.proj(h)


def example():
    return Hooked(), (torch.randn(2, 8),)
