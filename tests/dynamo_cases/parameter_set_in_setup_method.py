"""An attribute `__init__` sets to None and a setup method it calls replaces with `nn.Parameter(...)` is a tensor
where it is read (PASSLEAF's RotatE scorer, missed in held-out 86: `self.embedding_range = None`, then
`self.embedding_range = nn.Parameter(torch.Tensor([...]), requires_grad=False)` in `init_emb`). Its `.item()` breaks
(GB0124) like that of an attribute set to the Parameter in `__init__`; an attribute the setup method sets to a float
stays a number."""
import torch
from torch import nn


class RotatE(nn.Module):
    def __init__(self, margin):
        super().__init__()
        self.margin = margin
        self.embedding_range = None
        self.epsilon = None
        self.init_emb()

    def init_emb(self):
        self.epsilon = 2.0
        self.embedding_range = nn.Parameter(torch.Tensor([(self.margin + self.epsilon) / 8]), requires_grad=False)

    def forward(self, relation):
        phase = relation / (self.embedding_range.item() / 3.14159)  # expect: CL111
        return torch.cos(phase) * self.epsilon


def example():
    return RotatE(6.0), (torch.randn(4, 8),)
