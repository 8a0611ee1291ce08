"""Short-circuits on compile-time guards: the side dynamo never evaluates breaks nothing, the other side does."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x):
        if torch.compiler.is_compiling() or x.sum() > 0:
            x = x * 2
        ok = not torch.compiler.is_compiling() and bool(x.max() > 1)
        y = x.mean() if torch.compiler.is_compiling() else x.mean().item()
        z = x.mean().item() if torch.jit.is_scripting() else x.mean()
        if torch.jit.is_scripting() or x.sum() > 0:  # expect: CL101
            x = x + 1
        return x + y + z, ok


def example():
    return Model(), (torch.randn(2, 3),)
