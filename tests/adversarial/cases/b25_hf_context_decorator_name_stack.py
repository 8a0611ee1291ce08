"""A `contextlib.ContextDecorator` subclass that records only the section's name on a class-level stack (no clock),
applied as a decorator to the attention method: calling the decorated method is what dynamo cannot handle."""
from contextlib import ContextDecorator

import torch
from torch import nn


class named_section(ContextDecorator):
    stack = []

    def __init__(self, name):
        self.name = name

    def __enter__(self):
        self.stack.append(self.name)
        return self

    def __exit__(self, *exc):
        self.stack.pop()
        return False


class ProfiledAttention(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)

    @named_section("attention")
    def attend(self, hidden):
        q, k, v = self.qkv(hidden).chunk(3, dim=-1)
        return (q @ k.transpose(-1, -2)).softmax(-1) @ v

    def forward(self, hidden):
        return self.attend(hidden) + hidden  # expect: CL178


def example():
    return ProfiledAttention(), (torch.randn(2, 3, 8),)
