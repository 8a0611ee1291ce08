"""`torch.compile(model.forward)` compiles the bound forward; other methods of the instance stay eager."""
import torch
from torch import nn

import compilelint


class Model(nn.Module):
    def forward(self, x):
        h = x.relu()
        return h[h > 0].sum()  # expect: CL122

    def describe(self, x):
        print("nonzero", x.nonzero().tolist())
        return x


def run(x):
    model = Model()
    fast = torch.compile(model.forward, backend="eager")
    return model.describe(fast(x))


def example():
    return compilelint.Example(run, (torch.randn(2, 3),), compiles_itself=True)
