"""A running-loss meter that keeps its sums as tensors (detached), read only by the logging code outside the
compiled step; the count is taken from the batch shape."""
import torch
import torch.nn.functional as F
from torch import nn


class TensorMeter:
    def __init__(self):
        self.sum = torch.zeros(())
        self.count = torch.zeros(())

    def update(self, val, n=1):
        self.sum = self.sum + val.detach() * n
        self.count = self.count + n


class TrainStep(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Linear(6, 3)
        self.losses_m = TensorMeter()

    def forward(self, x, target):
        loss = F.cross_entropy(self.model(x), target)
        self.losses_m.update(loss, x.size(0))
        return loss


def example():
    return TrainStep(), (torch.randn(4, 6), torch.tensor([0, 1, 2, 1]))
