"""A torchmetrics-like accuracy metric updated inside the compiled step: tensor states accumulated with `+=`
on attributes, a Python int sample counter, and `compute()` dividing the two. State mutation is replayed by
dynamo, nothing breaks."""
import torch
from torch import nn


class RunningAccuracy:
    def __init__(self):
        self.correct = torch.tensor(0)
        self.total = 0
        self._update_count = 0

    def update(self, preds, target):
        if preds.shape != target.shape:
            raise ValueError(f"preds and target must have the same shape, got {preds.shape} and {target.shape}")
        self.correct = self.correct + (preds == target).sum()
        self.total += target.numel()  # expect: CL201
        self._update_count += 1  # expect: CL201

    def compute(self):
        return self.correct.float() / max(self.total, 1)


class EvalStep(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 3)
        self.metric = RunningAccuracy()

    def forward(self, x, y):
        preds = self.head(x).argmax(dim=-1)
        self.metric.update(preds, y)
        return self.metric.compute()


def example():
    return EvalStep(), (torch.randn(5, 4), torch.tensor([0, 1, 2, 1, 0]))
