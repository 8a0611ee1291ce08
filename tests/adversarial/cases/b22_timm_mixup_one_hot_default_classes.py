"""A training step with mixup: the mixup object keeps `num_classes=-1` (infer) as its default, so the target's
one-hot encoding has no class count and its size depends on the labels."""
import torch
import torch.nn.functional as F
from torch import nn


class Mixup:
    def __init__(self, mixup_alpha=0.8, label_smoothing=0.1, num_classes=-1):
        self.lam = 1.0 - mixup_alpha / 4
        self.smoothing = label_smoothing
        self.num_classes = num_classes

    def _target(self, target):
        y = F.one_hot(target, self.num_classes).float()  # known-miss: CL123
        return y * (1.0 - self.smoothing) + self.smoothing / y.shape[-1]

    def __call__(self, x, target):
        y = self._target(target)
        x = x * self.lam + x.flip(0) * (1.0 - self.lam)
        return x, y * self.lam + y.flip(0) * (1.0 - self.lam)


class TrainStep(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Linear(8, 5)
        self.mixup_fn = Mixup()

    def forward(self, x, target):
        x, soft = self.mixup_fn(x, target)
        logits = self.model(x)
        return torch.sum(-soft[:, :logits.shape[1]] * logits.log_softmax(-1), dim=-1).mean()


def example():
    return TrainStep(), (torch.randn(4, 8), torch.tensor([0, 4, 2, 1]))
