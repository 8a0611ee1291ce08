"""The type aliases of a knowledge-graph embedding library, in their own module as PyTorch-BigGraph's `types.py` keeps
them (held-out group 86): the fixesx edge-list case imports them. Nothing here breaks."""
import torch

LongTensorType = torch.Tensor
FloatTensorType = torch.Tensor
Side = int


def scaled(x: FloatTensorType, by: Side) -> FloatTensorType:
    return x * by


compiled_scaled = torch.compile(scaled)


def example():
    return compiled_scaled, (torch.randn(3), 2)
