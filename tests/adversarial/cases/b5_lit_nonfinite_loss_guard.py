"""A training step that refuses non-finite losses before backward, as trainers' anomaly checks do: the check
is written as `if not torch.isfinite(loss):` and raises; the gradient-clipping norm computed just before is a
tensor and only scales."""
import torch
from torch import nn


class GuardedStep(nn.Module):
    def __init__(self, dim=5, max_norm=1.0):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, 1))
        self.max_norm = max_norm

    def forward(self, x, target):
        pred = self.body(x).squeeze(-1)
        loss = torch.nn.functional.mse_loss(pred, target)
        if not torch.isfinite(loss):  # expect: CL101
            raise RuntimeError(f"non-finite loss at step, got {loss}")
        scale = torch.clamp(self.max_norm / (pred.norm() + 1e-6), max=1.0)
        return loss * scale


def example():
    return GuardedStep(), (torch.randn(4, 5), torch.randn(4))
