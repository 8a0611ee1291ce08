"""A timm-style mixup target: one-hot by `torch.full(...).scatter_` with the class count the model was built with,
label smoothing folded into on/off values, and lam a Python float fixed at construction."""
import torch
from torch import nn


def one_hot(x, num_classes, on_value=1.0, off_value=0.0):
    x = x.long().view(-1, 1)
    return torch.full((x.size()[0], num_classes), off_value, device=x.device).scatter_(1, x, on_value)


def mixup_target(target, num_classes, lam=1.0, smoothing=0.0):
    off_value = smoothing / num_classes
    on_value = 1.0 - smoothing + off_value
    y1 = one_hot(target, num_classes, on_value=on_value, off_value=off_value)
    y2 = one_hot(target.flip(0), num_classes, on_value=on_value, off_value=off_value)
    return y1 * lam + y2 * (1.0 - lam)


class TrainStep(nn.Module):
    def __init__(self, num_classes=5):
        super().__init__()
        self.model = nn.Linear(8, num_classes)
        self.num_classes = num_classes
        self.lam = 0.7

    def forward(self, x, target):
        assert len(x) % 2 == 0, "Batch size should be even when using this"
        x = x.mul(self.lam).add_(x.flip(0).mul(1.0 - self.lam))
        soft = mixup_target(target, self.num_classes, self.lam, smoothing=0.1)
        return torch.sum(-soft * self.model(x).log_softmax(-1), dim=-1).mean()


def example():
    return TrainStep(), (torch.randn(4, 8), torch.tensor([0, 4, 2, 1]))
