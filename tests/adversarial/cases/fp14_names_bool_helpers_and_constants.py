"""Presence helpers and a degree key compared with a module-level string constant, in an `and` chain: every operand
is a Python bool."""
import torch
from torch import nn

TYPE0 = "0"


def is_present(val):
    return val is not None


def has_items(seq):
    return len(seq) > 0


class DegreeConv(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, feats, pos_emb=None, edges=None):
        out = {}
        for degree, x in feats.items():
            h = self.lin(x)
            if is_present(pos_emb) and degree == TYPE0:
                h = h + pos_emb
            if has_items(feats) and str(degree) in (TYPE0, "1"):
                h = h * 2
            out[degree] = h
        return out


def example():
    return DegreeConv(), ({"0": torch.randn(2, 4), "1": torch.randn(2, 4)}, torch.randn(2, 4))
