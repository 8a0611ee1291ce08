"""A model normalises its input with the mean and std of its pretrained config dict, made tensors in forward from
Python lists (constants of the graph)."""
import torch
from torch import nn


class NormalizedStem(nn.Module):
    pretrained_cfg = {"mean": (0.485, 0.456, 0.406), "std": (0.229, 0.224, 0.225), "input_size": (3, 8, 8)}

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, x):
        mean = torch.tensor(self.pretrained_cfg["mean"], dtype=x.dtype).view(1, -1, 1, 1)
        std = torch.tensor(self.pretrained_cfg["std"], dtype=x.dtype).view(1, -1, 1, 1)
        if x.shape[1:] != self.pretrained_cfg["input_size"]:
            x = nn.functional.interpolate(x, size=self.pretrained_cfg["input_size"][1:])
        return self.conv((x - mean) / std)


def example():
    return NormalizedStem(), (torch.randn(1, 3, 6, 6),)
