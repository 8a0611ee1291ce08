"""A fine-tuning wrapper checks in forward that the frozen backbone has no trainable parameter and counts the
head's parameters (Python ints and bools from parameter metadata)."""
import torch
from torch import nn


class FrozenBackboneClassifier(nn.Module):
    def __init__(self, dim=4, num_classes=3):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(dim, dim), nn.ReLU())
        for p in self.backbone.parameters():
            p.requires_grad_(False)
        self.head = nn.Linear(dim, num_classes)

    def forward(self, x):
        assert not any(p.requires_grad for p in self.backbone.parameters()), "backbone must stay frozen"
        n_head = sum(p.numel() for p in self.head.parameters())
        out = self.head(self.backbone(x))
        return out * (1.0 if n_head > 0 else 0.0)


def example():
    return FrozenBackboneClassifier(), (torch.randn(2, 4),)
