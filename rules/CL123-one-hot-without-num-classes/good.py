import torch
import torch.nn.functional as F
from torch import nn


class Encode(nn.Module):
    def __init__(self, classes=6):
        super().__init__()
        self.classes = classes

    def forward(self, labels):
        widest = max(labels.shape[-1], self.classes)  # a Python int: sizes, not data
        return (F.one_hot(labels, num_classes=self.classes).float().mean(0) + F.one_hot(labels, 6).float().mean(0)
                + F.one_hot(labels, widest).float().mean(0)[:6])


def example():
    return Encode(), (torch.tensor([0, 3, 1, 5]),)
