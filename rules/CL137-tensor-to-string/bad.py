import torch
from torch import nn


class Describe(nn.Module):
    def forward(self, x):
        h = x * 2
        self.text = repr(h)  # expect: CL137
        self.mean_text = str(h.mean())  # expect: CL137
        self.tag = f"h={h!r}"  # expect: CL137
        return h + 1


def example():
    return Describe(), (torch.randn(2, 8),)
