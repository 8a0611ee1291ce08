"""`range()` of a tensor-derived count breaks; of a shape it does not."""
import torch
from torch import nn


class Model(nn.Module):
    def forward(self, x, n: torch.Tensor):
        for _ in range(x.shape[0]):
            x = x * 0.5
        for _ in range(n):  # expect: CL114
            x = x + 1
        return x


def example():
    return Model(), (torch.randn(2, 3), torch.tensor(2))
