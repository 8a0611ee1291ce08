"""Position embeddings chosen by an `Enum` whose members carry the behaviour: `PositionType.LEARNED.apply(...)`
reads the largest position id with `.item()` to grow its table lazily."""
from enum import Enum

import torch
from torch import nn


class PositionType(Enum):
    ABSOLUTE = "absolute"
    LEARNED = "learned"

    def apply(self, module, hidden, position_ids):
        if self is PositionType.ABSOLUTE:
            return hidden + module.table[: hidden.shape[1]]
        needed = position_ids.max().item() + 1  # expect: CL111
        return hidden + module.table[:needed][position_ids]


class PositionEmbeddings(nn.Module):
    def __init__(self, dim=8, max_len=16, kind="learned"):
        super().__init__()
        self.table = nn.Parameter(torch.randn(max_len, dim))
        self.kind = PositionType(kind)

    def forward(self, hidden, position_ids):
        return self.kind.apply(self, hidden, position_ids)


def example():
    return PositionEmbeddings(), (torch.randn(2, 3, 8), torch.tensor([[0, 1, 2], [3, 4, 5]]))
