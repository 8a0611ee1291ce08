"""A loss nn.Module called only from an eager training step, next to a compiled model."""
import torch
from torch import nn

import compilelint


class Model(nn.Module):
    def forward(self, x):
        return x.tanh()


class Loss(nn.Module):
    def forward(self, out, target):
        loss = (out - target).pow(2).mean()
        print("loss", loss.item())  # known-fp: CL111, CL131
        return loss


def step(x, target):
    model = torch.compile(Model(), backend="eager")
    return Loss()(model(x), target)


def example():
    return compilelint.Example(step, (torch.randn(2, 3), torch.randn(2, 3)), compiles_itself=True)
