"""A backbone subclassing a base from another file: the base's forward calls forward_head, which the
subclass overrides with a module-level logger's debug call."""
import logging

import torch
from torch import nn

from b16_quiet_timm_layers import ClassifierBase

_logger = logging.getLogger(__name__)


class TinyNet(ClassifierBase):
    def __init__(self, dim=8, num_classes=3):
        super().__init__(dim, num_classes)
        self.norm = nn.BatchNorm2d(dim)

    def forward_features(self, x):
        return self.norm(self.stem(x))

    def forward_head(self, x, pre_logits=False):
        x = x.amax((2, 3))
        _logger.debug("pooled features %s", tuple(x.shape))  # expect: CL131
        return x if pre_logits else self.fc(x)


def example():
    return TinyNet(), (torch.randn(2, 3, 8, 8),)
