"""A vision backbone library's `layers` module: tuple helpers, TF-style same padding computed from shapes,
drop path with a per-sample bernoulli mask, layer scale, a fused-attention switch read from the environment,
and the index helper used by forward_intermediates. Imported by the other b11 timm-style cases."""
import collections.abc
import math
import os
from itertools import repeat
from typing import List, Optional, Tuple, Union

import torch
import torch.nn.functional as F
from torch import nn

_USE_FUSED_ATTN = int(os.environ.get("VISION_FUSED_ATTN", "1"))


def _ntuple(n):
    def parse(x):
        if isinstance(x, collections.abc.Iterable) and not isinstance(x, str):
            return tuple(x)
        return tuple(repeat(x, n))
    return parse


to_2tuple = _ntuple(2)


def use_fused_attn(experimental: bool = False) -> bool:
    if torch.jit.is_scripting() or experimental:
        return False
    return _USE_FUSED_ATTN > 0


def get_same_padding(x: int, kernel_size: int, stride: int, dilation: int = 1) -> int:
    return max((math.ceil(x / stride) - 1) * stride + (kernel_size - 1) * dilation + 1 - x, 0)


def pad_same(x, kernel_size: List[int], stride: List[int], dilation: List[int] = (1, 1), value: float = 0):
    ih, iw = x.size()[-2:]
    pad_h = get_same_padding(ih, kernel_size[0], stride[0], dilation[0])
    pad_w = get_same_padding(iw, kernel_size[1], stride[1], dilation[1])
    return F.pad(x, (pad_w // 2, pad_w - pad_w // 2, pad_h // 2, pad_h - pad_h // 2), value=value)


def drop_path(x, drop_prob: float = 0., training: bool = False, scale_by_keep: bool = True):
    if drop_prob == 0. or not training:
        return x
    keep_prob = 1 - drop_prob
    shape = (x.shape[0],) + (1,) * (x.ndim - 1)
    random_tensor = x.new_empty(shape).bernoulli_(keep_prob)
    if keep_prob > 0.0 and scale_by_keep:
        random_tensor.div_(keep_prob)
    return x * random_tensor


class DropPath(nn.Module):
    def __init__(self, drop_prob: float = 0., scale_by_keep: bool = True):
        super().__init__()
        self.drop_prob = drop_prob
        self.scale_by_keep = scale_by_keep

    def forward(self, x):
        return drop_path(x, self.drop_prob, self.training, self.scale_by_keep)


class LayerScale(nn.Module):
    def __init__(self, dim: int, init_values: float = 1e-5, inplace: bool = False):
        super().__init__()
        self.inplace = inplace
        self.gamma = nn.Parameter(init_values * torch.ones(dim))

    def forward(self, x):
        return x.mul_(self.gamma) if self.inplace else x * self.gamma


def feature_take_indices(num_features: int, indices: Optional[Union[int, List[int]]] = None) -> Tuple[List[int], int]:
    if indices is None:
        indices = num_features
    if isinstance(indices, int):
        assert 0 < indices <= num_features, f"last-n ({indices}) is out of range (1 to {num_features})"
        take_indices = [num_features - indices + i for i in range(indices)]
    else:
        take_indices = [num_features + idx if idx < 0 else idx for idx in indices]
    return take_indices, max(take_indices)


class _Stem(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, stride=2)
        self.drop = DropPath(0.1)
        self.ls = LayerScale(4)

    def forward(self, x):
        x = self.conv(pad_same(x, to_2tuple(3), to_2tuple(2)))
        return self.drop(self.ls(x.permute(0, 2, 3, 1)))


def example():
    return _Stem(), (torch.randn(2, 3, 9, 9),)
