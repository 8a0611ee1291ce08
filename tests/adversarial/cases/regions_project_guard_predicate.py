"""A project's own `is_compiling` wrapper (transformers' idiom, with fallbacks): what it guards is never traced."""
import torch
from torch import nn


def is_torchdynamo_compiling():
    try:
        import torch

        return torch.compiler.is_compiling()
    except Exception:
        return False


class Model(nn.Module):
    def forward(self, x, mask):
        if not is_torchdynamo_compiling() and (mask == 0).any():
            x = x + 1
        if is_torchdynamo_compiling():
            pass
        else:
            print("eager", x)
        y = x.sum() if is_torchdynamo_compiling() else x.sum().item()
        if is_torchdynamo_compiling() and (mask == 0).any():  # expect: CL101
            x = x - 1
        return x + y


def example():
    return Model(), (torch.randn(2, 3), torch.ones(2, 3))
