"""A factory whose local shadows the factory's own name (`backbone = resnet50(...); return backbone` inside
`def backbone(...)`, pywick's DRNet, held-out group 76) returns that local, the module it built: the attribute `__init__`
stores runs the module's forward in compiled code, not the factory, and compiles. A factory called in forward builds
its module there and breaks."""
import torch
from torch import nn


class Stem(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.conv = nn.Conv2d(3, width, 3, padding=1)

    def forward(self, x):
        return self.conv(x).relu()


def backbone(width=4):
    backbone = Stem(width)
    return backbone


def head(width):
    layer = nn.Conv2d(width, 1, 1)  # expect: CL145
    return layer


class Segmenter(nn.Module):
    def __init__(self):
        super().__init__()
        self.encode = backbone(4)

    def forward(self, x):
        features = self.encode(x)
        return head(features.shape[1])(features)


def example():
    return Segmenter(), (torch.randn(1, 3, 8, 8),)
