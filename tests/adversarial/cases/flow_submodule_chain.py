"""Breaks inside submodules' forward methods, reached through a ModuleDict, nn.Sequential and a
ModuleList loop (the loop one skips the frame)."""
import torch
from torch import nn


class Gate(nn.Module):
    def forward(self, x):
        if x.mean() > 0:  # expect: CL101
            return x
        return -x


class Noisy(nn.Module):
    def forward(self, x):
        print("noisy", x.shape)  # expect: CL131
        return x


class Clean(nn.Module):
    def forward(self, x):
        return x.sigmoid()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({"gate": Gate(), "clean": Clean()})
        self.seq = nn.Sequential(nn.Linear(4, 4), Clean())
        self.blocks = nn.ModuleList([Clean(), Noisy()])

    def forward(self, x):
        x = self.heads["gate"](self.seq(x))
        x = self.heads["clean"](x)
        for blk in self.blocks:
            x = blk(x)
        return x


def example():
    return Model(), (torch.randn(2, 4),)
