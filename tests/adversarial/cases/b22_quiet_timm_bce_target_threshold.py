"""timm's BinaryCrossEntropy: integer targets are one-hot encoded with the logits' class count (a shape), smoothed,
and optionally binarised by a threshold; `pos_weight` is a registered buffer or None."""
from typing import Optional

import torch
import torch.nn.functional as F
from torch import nn


class BinaryCrossEntropy(nn.Module):
    def __init__(self, smoothing=0.1, target_threshold: Optional[float] = 0.2, pos_weight=None):
        super().__init__()
        assert 0.0 <= smoothing < 1.0
        self.smoothing = smoothing
        self.target_threshold = target_threshold
        if pos_weight is not None:
            pos_weight = torch.tensor(pos_weight)
        self.register_buffer("pos_weight", pos_weight)

    def forward(self, x, target):
        batch_size = x.shape[0]
        assert batch_size == target.shape[0]
        if target.shape != x.shape:
            num_classes = x.shape[-1]
            off_value = self.smoothing / num_classes
            on_value = 1.0 - self.smoothing + off_value
            target = target.long().view(-1, 1)
            target = torch.full((batch_size, num_classes), off_value, dtype=x.dtype).scatter_(1, target, on_value)
        if self.target_threshold is not None:
            target = target.gt(self.target_threshold).to(dtype=target.dtype)
        return F.binary_cross_entropy_with_logits(x, target, pos_weight=self.pos_weight)


def example():
    return BinaryCrossEntropy(), (torch.randn(3, 4), torch.tensor([0, 3, 1]))
