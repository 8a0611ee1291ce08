"""`Optional[Tensor]` tested with `is None` is fine; its truthiness is a data-dependent branch."""
from typing import Optional

import torch
from torch import Tensor, nn


class Model(nn.Module):
    def forward(self, x, mask: Optional[Tensor] = None, bias: Optional[Tensor] = None):
        if mask is not None:
            x = x.masked_fill(mask, 0.0)
        if bias:  # expect: CL101
            x = x + 1
        return x


def example():
    return Model(), (torch.randn(2, 3), torch.tensor([[True, False, True], [False, True, False]]), torch.tensor(1.0))
