"""A staged backbone takes a `log_fn` at construction (here `print`) and reports each stage's shape from the loop
over its stages."""
import torch
from torch import nn


class StagedNet(nn.Module):
    def __init__(self, dim=4, depth=2, log_fn=print):
        super().__init__()
        self.stages = nn.ModuleList(nn.Linear(dim, dim) for _ in range(depth))
        self.log_fn = log_fn

    def forward(self, x):
        for i, stage in enumerate(self.stages):
            x = stage(x).relu()
            if self.log_fn is not None:
                self.log_fn(f"stage {i}: {tuple(x.shape)}")  # known-miss: CL131
        return x


def example():
    return StagedNet(), (torch.randn(2, 4),)
