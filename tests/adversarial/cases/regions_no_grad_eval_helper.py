"""A `@torch.no_grad()` evaluation helper that calls the compiled model is itself eager."""
import torch
from torch import nn

import compilelint


class Model(nn.Module):
    def forward(self, x):
        return x.tanh()


@torch.no_grad()
def evaluate(model, x):
    out = model(x)
    correct = (out > 0).sum().item()
    print("accuracy", correct / out.numel())
    return out[out > 0]


def example():
    compiled = torch.compile(Model(), backend="eager")
    return compilelint.Example(lambda x: evaluate(compiled, x), (torch.randn(2, 3),), compiles_itself=True)
