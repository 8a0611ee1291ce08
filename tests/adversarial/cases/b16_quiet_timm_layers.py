"""A vision library's layers file: `_assert` / `_float_to_int` trace helpers, `use_fused_attn` reading the
environment, `get_same_padding` on Python ints, `DropPath`, and a classifier base whose `forward` calls
`forward_features` then `forward_head`. The other b16 vision cases import it."""
import math
import os

import torch
import torch.nn.functional as F
from torch import nn


def _assert(condition, message):
    assert condition, message


def _float_to_int(x):
    return int(x)


def use_fused_attn():
    return os.environ.get("VISION_FUSED_ATTN", "1") == "1"


def get_same_padding(x, k, s, d=1):
    return max((math.ceil(x / s) - 1) * s + (k - 1) * d + 1 - x, 0)


def pad_same(x, kernel_size, stride, dilation=(1, 1), value=0.0):
    ih, iw = x.size()[-2:]
    pad_h = get_same_padding(ih, kernel_size[0], stride[0], dilation[0])
    pad_w = get_same_padding(iw, kernel_size[1], stride[1], dilation[1])
    return F.pad(x, (pad_w // 2, pad_w - pad_w // 2, pad_h // 2, pad_h - pad_h // 2), value=value)


def drop_path(x, drop_prob=0.0, training=False, scale_by_keep=True):
    if drop_prob == 0.0 or not training:
        return x
    keep_prob = 1 - drop_prob
    shape = (x.shape[0],) + (1,) * (x.ndim - 1)
    random_tensor = x.new_empty(shape).bernoulli_(keep_prob)
    if keep_prob > 0.0 and scale_by_keep:
        random_tensor.div_(keep_prob)
    return x * random_tensor


class DropPath(nn.Module):
    def __init__(self, drop_prob=0.0):
        super().__init__()
        self.drop_prob = drop_prob

    def forward(self, x):
        return drop_path(x, self.drop_prob, self.training)


class ClassifierBase(nn.Module):
    """Backbones subclass this and override forward_features / forward_head."""

    def __init__(self, dim=8, num_classes=3):
        super().__init__()
        self.stem = nn.Conv2d(3, dim, 3, padding=1)
        self.fc = nn.Linear(dim, num_classes)

    def forward_features(self, x):
        return self.stem(x)

    def forward_head(self, x, pre_logits=False):
        x = x.mean((2, 3))
        return x if pre_logits else self.fc(x)

    def forward(self, x):
        x = self.forward_features(x)
        return self.forward_head(x)


def example():
    return ClassifierBase(), (torch.randn(2, 3, 8, 8),)
