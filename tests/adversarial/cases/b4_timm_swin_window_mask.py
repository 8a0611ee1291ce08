"""Swin window attention with the shifted-window mask built in forward (a dynamic-size mask): slicing
writes, a Python counter, torch.roll and math.log of constants compile; the relative bias table is
indexed by a buffer. Checking the mask with `.any()` before using it is a tensor condition."""
import math

import torch
from torch import nn


def window_partition(x, window_size):
    B, H, W, C = x.shape
    x = x.view(B, H // window_size, window_size, W // window_size, window_size, C)
    return x.permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, window_size, window_size, C)


class SwinBlock(nn.Module):
    def __init__(self, dim=4, window_size=2, shift_size=1):
        super().__init__()
        self.window_size, self.shift_size = window_size, shift_size
        self.logit_scale = nn.Parameter(torch.log(10 * torch.ones((1, 1, 1))))
        self.qkv = nn.Linear(dim, dim * 3)

    def get_attn_mask(self, x):
        if self.shift_size > 0:
            H, W = x.shape[1], x.shape[2]
            img_mask = torch.zeros((1, H, W, 1), dtype=x.dtype, device=x.device)
            cnt = 0
            for h in ((0, -self.window_size), (-self.window_size, -self.shift_size), (-self.shift_size, None)):
                for w in ((0, -self.window_size), (-self.window_size, -self.shift_size), (-self.shift_size, None)):
                    img_mask[:, h[0]:h[1], w[0]:w[1], :] = cnt
                    cnt += 1
            mask_windows = window_partition(img_mask, self.window_size)
            mask_windows = mask_windows.view(-1, self.window_size * self.window_size)
            attn_mask = mask_windows.unsqueeze(1) - mask_windows.unsqueeze(2)
            attn_mask = attn_mask.masked_fill(attn_mask != 0, float(-100.0)).masked_fill(attn_mask == 0, float(0.0))
        else:
            attn_mask = None
        return attn_mask

    def forward(self, x):
        B, H, W, C = x.shape
        attn_mask = self.get_attn_mask(x)
        shifted_x = torch.roll(x, shifts=(-self.shift_size, -self.shift_size), dims=(1, 2))
        windows = window_partition(shifted_x, self.window_size).view(-1, self.window_size**2, C)
        q, k, v = self.qkv(windows).chunk(3, dim=-1)
        logit_scale = torch.clamp(self.logit_scale, max=math.log(1.0 / 0.01)).exp()
        attn = (nn.functional.normalize(q, dim=-1) @ nn.functional.normalize(k, dim=-1).transpose(-2, -1)) * logit_scale
        if attn_mask is not None and attn_mask.any():  # expect: CL101
            attn = attn + attn_mask.repeat(B, 1, 1)
        return (attn.softmax(-1) @ v).view(B, H, W, C)


def example():
    return SwinBlock(), (torch.randn(1, 4, 4, 4),)
