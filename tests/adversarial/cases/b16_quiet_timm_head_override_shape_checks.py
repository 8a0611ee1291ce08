"""A backbone overriding the imported base's forward_head with shape, flag and training tests only."""
import torch
from torch import nn

from b16_quiet_timm_layers import ClassifierBase, _assert


class TinyNet(ClassifierBase):
    def __init__(self, dim=8, num_classes=3, global_pool="avg"):
        super().__init__(dim, num_classes)
        self.global_pool = global_pool
        self.head_drop = nn.Dropout(0.1)

    def forward_head(self, x, pre_logits=False):
        _assert(x.ndim == 4, f"expected NCHW, got {x.ndim} dims")
        if self.global_pool == "avg":
            x = x.mean((2, 3))
        elif self.global_pool == "max":
            x = x.amax((2, 3))
        if self.training:
            x = self.head_drop(x)
        return x if pre_logits else self.fc(x)


def example():
    return TinyNet(), (torch.randn(2, 3, 8, 8),)
