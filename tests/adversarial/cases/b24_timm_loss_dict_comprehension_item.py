"""A distillation training step returns its loss terms for logging as Python floats, made by a dict
comprehension over the terms after the total is summed."""
import torch
import torch.nn.functional as F
from torch import nn


class DistillStep(nn.Module):
    def __init__(self, alpha=0.5):
        super().__init__()
        self.student = nn.Linear(6, 3)
        self.teacher = nn.Linear(6, 3)
        self.alpha = alpha

    def forward(self, x, target):
        logits = self.student(x)
        with torch.no_grad():
            soft = F.softmax(self.teacher(x), dim=-1)
        losses = {
            "ce": F.cross_entropy(logits, target),
            "kd": F.kl_div(F.log_softmax(logits, dim=-1), soft, reduction="batchmean"),
        }
        total = losses["ce"] + self.alpha * losses["kd"]
        log = {name: value.item() for name, value in losses.items()}  # expect: CL111
        return total, log


def example():
    return DistillStep(), (torch.randn(4, 6), torch.tensor([0, 2, 1, 0]))
