"""A training loss falls back to zero when it is NaN, tested with numpy on the host copy of the loss (numpy is
traced, the branch on its answer is not)."""
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn


class SafeCrossEntropy(nn.Module):
    def __init__(self, smoothing=0.1):
        super().__init__()
        self.smoothing = smoothing

    def forward(self, logits, target):
        loss = F.cross_entropy(logits, target, label_smoothing=self.smoothing)
        if np.isnan(loss.detach().cpu().numpy()):  # expect: CL101
            loss = torch.zeros_like(loss)
        return loss


def example():
    return SafeCrossEntropy(), (torch.randn(4, 3), torch.tensor([0, 1, 2, 1]))
