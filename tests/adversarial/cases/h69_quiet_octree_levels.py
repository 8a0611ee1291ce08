"""A hierarchical graph record in its own file (an octree's per-level node counts, `nnum`, a tensor set in
`__init__`, and the level names, a Python list) and a subclass that adds methods, with a quiet readout that slices by
Python values only. The layers that slice by the counts live in h69_slice_by_record_count.py."""
import torch
from torch import nn


class Levels:
    def __init__(self, sizes):
        self.nnum = torch.tensor(sizes)
        self.names = [f"level{d}" for d in range(len(sizes))]
        self.depth = len(sizes) - 1


class LevelsD(Levels):
    """The dual graph's view of the record (ognn's OctreeD over ocnn's Octree): it adds methods, not counts."""

    def total(self):
        return self.nnum.sum()


class PythonCountReadout(nn.Module):
    def forward(self, x: torch.Tensor, levels: Levels, depth: int):
        numd = len(levels.names[depth]) - 4  # a Python int: slicing by it compiles
        return x[-numd:].sum(0) + x[:depth].sum(0)


def example():
    return PythonCountReadout(), (torch.randn(7, 4), Levels([1, 2, 4]), 2)
