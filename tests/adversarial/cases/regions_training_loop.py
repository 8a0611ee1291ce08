"""A training loop around a compiled model: its prints and `.item()` run eagerly, outside dynamo."""
import torch
from torch import nn

import compilelint


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(3, 1)

    def forward(self, x):
        return self.proj(x).relu()


def train(model, batches):
    compiled = torch.compile(model, backend="eager")
    losses = []
    for x in batches:
        loss = compiled(x).sum()
        losses.append(loss.item())
        print("loss", losses[-1])
    return torch.tensor(losses)


def example():
    model = Model()
    return compilelint.Example(lambda: train(model, [torch.randn(2, 3)] * 2), (), compiles_itself=True)
