"""Model factories whose locals shadow a module-level name (pywick's DRNet `backbone()` returning its local
`backbone`, a `create_*` helper whose parameter is named like a module-level function): each returns its local, the
module it built, and compiled code runs that module's forward, never the factory nor the function the name also
spells. A factory called inside forward builds its layer there and breaks (GB0264)."""
import torch
from torch import nn


class Stem(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.proj = nn.Conv2d(3, width, 3, padding=1)
        self.norm = nn.BatchNorm2d(width)

    def forward(self, x):
        return self.norm(self.proj(x))


def stem(width):
    return nn.Sequential(nn.Conv2d(3, width, 1), nn.ReLU())


def head(width):
    return nn.Conv2d(width, 1, 1)  # expect: CL145


def create_stem(width, stem=None):
    stem = stem if stem is not None else Stem(width)
    return stem


def trunk(width):
    trunk = nn.Sequential(*[nn.Conv2d(width, width, 1) for _ in range(2)])
    return trunk


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = create_stem(4)
        self.trunk = trunk(4)

    def forward(self, x):
        x = self.stem(x)
        x = x + self.trunk(x)
        return head(4)(x)


def example():
    return Net().eval(), (torch.randn(1, 3, 8, 8),)
