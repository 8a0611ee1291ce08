"""A class handed to a helper as a value (`find_modules(self, Gate)`, an isinstance filter inside) is only
named: dynamo never runs its __init__, so the layer built there is not flagged (CL145). Nothing here breaks."""
import torch

from compilelint import Example


class Gate(torch.nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = torch.nn.Linear(dim, dim)  # runs in eager code only (Recorder.__init__)

    def forward(self, x):
        return self.proj(x)


def find_modules(model, kind):
    return [module for module in model.modules() if isinstance(module, kind)]


class Recorder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = Gate(4)

    def forward(self, x):
        gates = find_modules(self, Gate)
        return self.gate(x) * len(gates)


def example():
    return Example(Recorder(), (torch.randn(2, 4),))
