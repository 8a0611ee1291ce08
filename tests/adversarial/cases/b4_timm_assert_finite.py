"""timm-style `_assert` (torch._assert) on shape ints compiles; asserting a tensor condition with the plain
`assert` statement also compiles (a runtime assert), but `torch._assert` handed a tensor, as a finite
check, is a tensor used as a Python bool."""
import torch
from torch import nn

_assert = torch._assert


class Block(nn.Module):
    def __init__(self, dim=8, check_finite=True):
        super().__init__()
        self.dim = dim
        self.fc = nn.Linear(dim, dim)
        self.check_finite = check_finite

    def forward(self, x):
        B, N, C = x.shape
        _assert(C == self.dim, f"Input dim ({C}) doesn't match model ({self.dim}).")
        torch._assert(N > 0, "empty sequence")
        assert (x.abs() < 1e6).all(), "activations exploded"
        y = self.fc(x)
        if self.check_finite:
            _assert(torch.isfinite(y).all(), "non-finite activations")  # expect: CL111
        return y


def example():
    return Block(), (torch.randn(2, 3, 8),)
