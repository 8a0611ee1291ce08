"""The name-recording section as a plain context-manager class used in a `with` block inside the attention method
(no `ContextDecorator`): a user context manager that dynamo inlines."""
import torch
from torch import nn


class named_section:
    stack = []

    def __init__(self, name):
        self.name = name

    def __enter__(self):
        self.stack.append(self.name)  # known-fp: CL203
        return self

    def __exit__(self, *exc):
        self.stack.pop()
        return False


class ProfiledAttention(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)

    def attend(self, hidden):
        with named_section("attention"):
            q, k, v = self.qkv(hidden).chunk(3, dim=-1)
            return (q @ k.transpose(-1, -2)).softmax(-1) @ v

    def forward(self, hidden):
        return self.attend(hidden) + hidden


def example():
    return ProfiledAttention(), (torch.randn(2, 3, 8),)
