"""`model.compile()` compiles the module's forward; a plain function nearby stays eager."""
import torch
from torch import nn

import compilelint


class Block(nn.Module):
    def forward(self, x):
        h = x.relu()
        return h.unique()  # expect: CL121


def summarize(out):
    return out.unique().tolist()


def run(x):
    model = Block()
    model.compile(backend="eager")
    return summarize(model(x))


def example():
    return compilelint.Example(run, (torch.randn(2, 3),), compiles_itself=True)
