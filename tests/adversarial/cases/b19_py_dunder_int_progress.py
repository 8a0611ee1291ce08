"""A training-progress object stored on the model converts to an int through __int__, which reads its step
buffer; forward asks int(self.progress) to pick how many warm-up blocks to skip."""
import torch
from torch import nn


class Progress:
    def __init__(self):
        self.step = torch.tensor(3)

    def __int__(self):
        return int(self.step)  # expect: CL111


class WarmupStack(nn.Module):
    def __init__(self, dim=4, depth=4):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Linear(dim, dim) for _ in range(depth))
        self.progress = Progress()

    def forward(self, x):
        active = min(int(self.progress), len(self.blocks))
        for blk in self.blocks[:active]:
            x = x + blk(x)
        return x


def example():
    return WarmupStack(), (torch.randn(2, 4),)
