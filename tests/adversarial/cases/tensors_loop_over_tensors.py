"""enumerate/zip over tensors unroll; a tensor condition inside the loop breaks and skips the frame."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, xs, ys):
        total = xs.new_zeros(())
        for i, (a, b) in enumerate(zip(xs, ys)):
            total = total + a.sum() * b.sum() * (i + 1)
        for row in xs:
            if row.sum() > 0:  # expect: CL101
                total = total + 1
        return total


def example():
    return Model(), (torch.randn(2, 3), torch.randn(2, 3))
