"""A match statement whose subject is a count tensor: the literal pattern compares the tensor with 0 and takes
the answer's truth value."""
import torch
from torch import nn


class MaskedPool(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, mask):
        h = self.lin(x)
        match mask.sum():
            case 0:  # expect: CL101
                return h.mean(1)
            case _:
                return (h * mask.unsqueeze(-1)).sum(1) / mask.sum(1, keepdim=True).clamp(min=1)


def example():
    return MaskedPool(), (torch.randn(2, 3, 4), torch.tensor([[1.0, 1.0, 0.0], [1.0, 0.0, 0.0]]))
