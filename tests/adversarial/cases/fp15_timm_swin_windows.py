"""A windowed-attention block in the style of an image-model zoo: window size and shift clipped to the input
resolution through to_2tuple and zip, a shift mask built by slice assignment over (start, stop) pairs with a Python
counter, a dynamic mask chosen by a getattr flag, padding to window multiples, window partition and reverse sized
by Python ints, and forward_intermediates with feature_take_indices and `i in take_indices`."""
import collections.abc
import math
from itertools import repeat
from typing import List, Optional, Tuple, Union

import torch
from torch import nn
from torch.nn import functional as F

_assert = torch._assert


def to_2tuple(x):
    if isinstance(x, collections.abc.Iterable) and not isinstance(x, str):
        return tuple(x)
    return tuple(repeat(x, 2))


def window_partition(x, window_size: Tuple[int, int]):
    B, H, W, C = x.shape
    x = x.view(B, H // window_size[0], window_size[0], W // window_size[1], window_size[1], C)
    return x.permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, window_size[0], window_size[1], C)


def window_reverse(windows, window_size: Tuple[int, int], H: int, W: int):
    C = windows.shape[-1]
    x = windows.view(-1, H // window_size[0], W // window_size[1], window_size[0], window_size[1], C)
    return x.permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, H, W, C)


def feature_take_indices(num_features: int, indices: Optional[Union[int, List[int]]] = None):
    if indices is None:
        indices = num_features
    if isinstance(indices, int):
        _assert(0 < indices <= num_features, f'last-n ({indices}) is out of range (1 to {num_features})')
        take_indices = [num_features - indices + i for i in range(indices)]
    else:
        take_indices = [num_features + idx if idx < 0 else idx for idx in indices]
    return take_indices, max(take_indices)


class SwinBlock(nn.Module):
    def __init__(self, dim, input_resolution, window_size=2, shift_size=0, always_partition=False,
                 dynamic_mask=False):
        super().__init__()
        self.dim = dim
        self.input_resolution = input_resolution
        self.target_shift_size = to_2tuple(shift_size)
        self.always_partition = always_partition
        self.dynamic_mask = dynamic_mask
        self.window_size, self.shift_size = self._calc_window_shift(window_size, shift_size)
        self.window_area = self.window_size[0] * self.window_size[1]
        self.proj = nn.Linear(dim, dim)
        self.register_buffer("attn_mask", None if self.dynamic_mask else self.get_attn_mask(), persistent=False)

    def _calc_window_shift(self, target_window_size, target_shift_size):
        target_window_size = to_2tuple(target_window_size)
        target_shift_size = to_2tuple(target_shift_size)
        if self.always_partition:
            return target_window_size, target_shift_size
        window_size = [r if r <= w else w for r, w in zip(self.input_resolution, target_window_size)]
        shift_size = [0 if r <= w else s for r, w, s in zip(self.input_resolution, window_size, target_shift_size)]
        return tuple(window_size), tuple(shift_size)

    def get_attn_mask(self, x: Optional[torch.Tensor] = None):
        if any(self.shift_size):
            if x is not None:
                H, W = x.shape[1], x.shape[2]
                device, dtype = x.device, x.dtype
            else:
                H, W = self.input_resolution
                device, dtype = None, None
            H = math.ceil(H / self.window_size[0]) * self.window_size[0]
            W = math.ceil(W / self.window_size[1]) * self.window_size[1]
            img_mask = torch.zeros((1, H, W, 1), dtype=dtype, device=device)
            cnt = 0
            for h in ((0, -self.window_size[0]), (-self.window_size[0], -self.shift_size[0]),
                      (-self.shift_size[0], None)):
                for w in ((0, -self.window_size[1]), (-self.window_size[1], -self.shift_size[1]),
                          (-self.shift_size[1], None)):
                    img_mask[:, h[0]:h[1], w[0]:w[1], :] = cnt
                    cnt += 1
            mask_windows = window_partition(img_mask, self.window_size)
            mask_windows = mask_windows.view(-1, self.window_area)
            attn_mask = mask_windows.unsqueeze(1) - mask_windows.unsqueeze(2)
            attn_mask = attn_mask.masked_fill(attn_mask != 0, float(-100.0)).masked_fill(attn_mask == 0, float(0.0))
        else:
            attn_mask = None
        return attn_mask

    def _attn(self, x):
        B, H, W, C = x.shape
        has_shift = any(self.shift_size)
        if has_shift:
            shifted_x = torch.roll(x, shifts=(-self.shift_size[0], -self.shift_size[1]), dims=(1, 2))
        else:
            shifted_x = x
        pad_h = (self.window_size[0] - H % self.window_size[0]) % self.window_size[0]
        pad_w = (self.window_size[1] - W % self.window_size[1]) % self.window_size[1]
        shifted_x = F.pad(shifted_x, (0, 0, 0, pad_w, 0, pad_h))
        _, Hp, Wp, _ = shifted_x.shape
        x_windows = window_partition(shifted_x, self.window_size).view(-1, self.window_area, C)
        if getattr(self, "dynamic_mask", False):
            attn_mask = self.get_attn_mask(shifted_x)
        else:
            attn_mask = self.attn_mask
        attn = x_windows @ x_windows.transpose(-1, -2)
        if attn_mask is not None:
            attn = attn.view(-1, attn_mask.shape[0], self.window_area, self.window_area) + attn_mask.unsqueeze(0)
            attn = attn.view(-1, self.window_area, self.window_area)
        attn_windows = self.proj(attn.softmax(-1) @ x_windows).view(-1, self.window_size[0], self.window_size[1], C)
        shifted_x = window_reverse(attn_windows, self.window_size, Hp, Wp)
        shifted_x = shifted_x[:, :H, :W, :].contiguous()
        if has_shift:
            x = torch.roll(shifted_x, shifts=self.shift_size, dims=(1, 2))
        else:
            x = shifted_x
        return x

    def forward(self, x):
        B, H, W, C = x.shape
        return x + self._attn(x)


class Swin(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([SwinBlock(4, (4, 4), 2, 0 if i % 2 == 0 else 1, dynamic_mask=i == 3)
                                     for i in range(4)])
        self.norm = nn.LayerNorm(4)

    def forward_intermediates(self, x, indices: Optional[Union[int, List[int]]] = None, norm: bool = False,
                              stop_early: bool = False, output_fmt: str = 'NCHW', intermediates_only: bool = False):
        assert output_fmt in ('NCHW', 'NHWC'), 'Output shape must be NCHW or NHWC.'
        intermediates = []
        take_indices, max_index = feature_take_indices(len(self.blocks), indices)
        if torch.jit.is_scripting() or not stop_early:
            blocks = self.blocks
        else:
            blocks = self.blocks[:max_index + 1]
        for i, blk in enumerate(blocks):
            x = blk(x)
            if i in take_indices:
                y = self.norm(x) if norm else x
                intermediates.append(y.permute(0, 3, 1, 2).contiguous() if output_fmt == 'NCHW' else y)
        if intermediates_only:
            return intermediates
        return self.norm(x), intermediates

    def forward(self, x):
        x, feats = self.forward_intermediates(x, indices=2, stop_early=True)
        return x.mean() + sum(f.mean() for f in feats)


def example():
    return Swin(), (torch.randn(1, 4, 4, 4),)
