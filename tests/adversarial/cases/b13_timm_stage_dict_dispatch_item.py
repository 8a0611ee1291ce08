"""Stage blocks chosen from a dict of block classes; the `conditional` block reads a counter buffer's value."""
import torch
from torch import nn

from b13_quiet_timm_layers import ClassifierBase, DropPath


class PlainBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.fc(x)


class WarmupBlock(PlainBlock):
    def __init__(self, dim, warmup=2):
        super().__init__(dim)
        self.warmup = warmup
        self.drop_path = DropPath(0.0)
        self.register_buffer("calls", torch.zeros((), dtype=torch.long))

    def forward(self, x):
        scale = min(1.0, self.calls.item() / self.warmup)  # expect: CL111
        return x + self.drop_path(self.fc(x)) * scale


BLOCKS = {"plain": PlainBlock, "warmup": WarmupBlock}


class StagedNet(ClassifierBase):
    def __init__(self, dim=8, kinds=("plain", "warmup")):
        super().__init__(dim)
        self.blocks = nn.Sequential(*[BLOCKS[k](dim) for k in kinds])

    def forward_features(self, x):
        return self.blocks(x)


def example():
    return StagedNet(), (torch.randn(2, 4, 8),)
