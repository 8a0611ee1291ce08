"""Graph down/up-sampling between the levels of a hierarchical graph (ognn's dual octree): the nodes of a level are
the last `nnum[depth]` rows, so the layer slices with `x[-numd:]`, `numd = octree.nnum[depth]`. `nnum` is a tensor set
by the record's base class, in another file (h69_quiet_octree_levels.py): the slice bound is read back as a Python int
(GB0124) and the frame runs eagerly. Indexing the counts by a Python int compiles."""
import torch
from torch import nn

from h69_quiet_octree_levels import LevelsD


class Upsample(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.linear = nn.Linear(channels, channels)

    def forward(self, x: torch.Tensor, levels: LevelsD, depth: int):
        numd = levels.nnum[depth]
        outd = x[-numd:]  # expect: CL114
        return self.linear(outd)


class Readout(nn.Module):
    def forward(self, x: torch.Tensor, levels: LevelsD, depth: int):
        h = x * 2
        return h[:levels.nnum[depth]].sum(0)  # expect: CL114


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = Upsample(4)
        self.readout = Readout()

    def forward(self, x, levels: LevelsD):
        return self.up(x, levels, levels.depth).sum() + self.readout(x, levels, 1).sum()


def example():
    return Both(), (torch.randn(7, 4), LevelsD([1, 2, 4]))
