"""A metric-learning head that fine-tunes its prototypes at test time with an optimizer made in `forward` (the way
transductive few-shot classifiers do): the constructor breaks, while an optimizer made in `__init__` and a
`model.zero_grad()` compile."""
import torch
from torch import nn


class PrototypeHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 4)
        self.prototypes = nn.Parameter(torch.randn(3, 4))
        self.tuner = torch.optim.SGD([self.prototypes], lr=0.1)

    def forward(self, x):
        z = self.proj(x)
        self.proj.zero_grad()
        tuner = torch.optim.Adam([self.prototypes], lr=1e-2)  # expect: CL159
        return -torch.cdist(z, self.prototypes)


def example():
    return PrototypeHead(), (torch.randn(5, 8),)
