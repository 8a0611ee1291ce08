"""Feature hooks registered lazily on the first forward call, not in `__init__`."""
import torch
from torch import nn

from b13_quiet_timm_layers import ClassifierBase


class HookedFeatures(ClassifierBase):
    def __init__(self, dim=8):
        super().__init__(dim)
        self.stem = nn.Linear(dim, dim)
        self._features = {}
        self._hooks = None

    def _save(self, module, args, output):
        self._features["stem"] = output

    def forward_features(self, x):
        if self._hooks is None:
            self._hooks = [self.stem.register_forward_hook(self._save)]  # expect: CL154
        return self.stem(x)  # known-miss: CL154


def example():
    return HookedFeatures(), (torch.randn(2, 4, 8),)
