"""Adaptive projected guidance keeps a momentum buffer object (a plain Python object holding a running tensor that
forward updates), normalizes the guidance difference with `torch.minimum` against a norm threshold and projects it."""
import torch
from torch import nn


class MomentumBuffer:
    def __init__(self, momentum):
        self.momentum = momentum
        self.running_average = 0

    def update(self, update_value):
        new_average = self.momentum * self.running_average
        self.running_average = update_value + new_average


class AdaptiveProjectedGuidance(nn.Module):
    def __init__(self, guidance_scale=5.0, eta=0.0, norm_threshold=2.0, momentum=-0.5):
        super().__init__()
        self.guidance_scale = guidance_scale
        self.eta = eta
        self.norm_threshold = norm_threshold
        self.momentum = momentum

    def forward(self, pred_cond, pred_uncond):
        buffer = MomentumBuffer(self.momentum) if self.momentum is not None else None
        diff = pred_cond - pred_uncond
        dim = [-i for i in range(1, len(diff.shape))]
        if buffer is not None:
            buffer.update(diff)
            diff = buffer.running_average
        if self.norm_threshold > 0:
            ones = torch.ones_like(diff)
            diff_norm = diff.norm(p=2, dim=dim, keepdim=True)
            diff = diff * torch.minimum(ones, self.norm_threshold / diff_norm)
        v1 = nn.functional.normalize(pred_cond, dim=dim)
        parallel = (diff * v1).sum(dim=dim, keepdim=True) * v1
        orthogonal = diff - parallel
        return pred_cond + (self.guidance_scale - 1) * (orthogonal + self.eta * parallel)


def example():
    return AdaptiveProjectedGuidance(), (torch.randn(2, 4, 3, 3), torch.randn(2, 4, 3, 3))
