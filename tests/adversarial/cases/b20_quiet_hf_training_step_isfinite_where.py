"""A compiled training step zeroes a non-finite loss with `torch.where(torch.isfinite(loss), ...)`, and counts
the steps in a Python float kept on the step object only when not compiling."""
import math

import torch
import torch.nn.functional as F
from torch import nn


class TrainingStep(nn.Module):
    def __init__(self, dim=8, classes=4, max_grad_norm=1.0):
        super().__init__()
        self.model = nn.Linear(dim, classes)
        self.log_max_norm = math.log(max_grad_norm + 1.0)

    def forward(self, inputs, labels):
        loss = F.cross_entropy(self.model(inputs), labels)
        if not math.isfinite(self.log_max_norm):
            raise ValueError("max_grad_norm must be finite")
        return torch.where(torch.isfinite(loss), loss, torch.zeros_like(loss))


def example():
    return TrainingStep(), (torch.randn(3, 8), torch.tensor([0, 1, 3]))
