"""A soft-target cross entropy checks that the mixed targets are distributions with an assert on
`torch.allclose` (the assert looks harmless: asserts on tensors compile)."""
import torch
from torch import nn


class SoftTargetCrossEntropy(nn.Module):
    def forward(self, x, target):
        assert torch.allclose(target.sum(-1), torch.ones(target.shape[0])), "targets must sum to 1"  # expect: CL102
        return torch.sum(-target * x.log_softmax(dim=-1), dim=-1).mean()


class TrainStep(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Linear(6, 3)
        self.criterion = SoftTargetCrossEntropy()

    def forward(self, x, target):
        return self.criterion(self.model(x), target)


def example():
    return TrainStep(), (torch.randn(4, 6), torch.softmax(torch.randn(4, 3), -1))
