"""Shifted-window attention mask built in forward from Python slices and an int counter, then turned into
an additive mask with `masked_fill(mask != 0, float(-100.0))`; the roll shift is an int from the config."""
import torch
from torch import nn


def window_partition(x, window_size):
    B, H, W, C = x.shape
    x = x.view(B, H // window_size, window_size, W // window_size, window_size, C)
    return x.permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, window_size, window_size, C)


def window_reverse(windows, window_size, H, W):
    C = windows.shape[-1]
    x = windows.view(-1, H // window_size, W // window_size, window_size, window_size, C)
    return x.permute(0, 1, 3, 2, 4, 5).contiguous().view(-1, H, W, C)


class SwinBlock(nn.Module):
    def __init__(self, dim=4, window_size=2, shift_size=1):
        super().__init__()
        self.window_size, self.shift_size = window_size, shift_size
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def calc_attn_mask(self, H, W, device):
        if not self.shift_size:
            return None
        img_mask = torch.zeros((1, H, W, 1), device=device)
        cnt = 0
        for h in (slice(0, -self.window_size), slice(-self.window_size, -self.shift_size), slice(-self.shift_size, None)):
            for w in (slice(0, -self.window_size), slice(-self.window_size, -self.shift_size), slice(-self.shift_size, None)):
                img_mask[:, h, w, :] = cnt
                cnt += 1
        mask_windows = window_partition(img_mask, self.window_size).view(-1, self.window_size * self.window_size)
        attn_mask = mask_windows.unsqueeze(1) - mask_windows.unsqueeze(2)
        return attn_mask.masked_fill(attn_mask != 0, float(-100.0)).masked_fill(attn_mask == 0, float(0.0))

    def forward(self, x):
        B, H, W, C = x.shape
        attn_mask = self.calc_attn_mask(H, W, x.device)
        shifted = torch.roll(x, shifts=(-self.shift_size, -self.shift_size), dims=(1, 2))
        windows = window_partition(shifted, self.window_size).view(-1, self.window_size ** 2, C)
        q, k, v = self.qkv(windows).chunk(3, dim=-1)
        attn = q @ k.transpose(-2, -1)
        if attn_mask is not None:
            num_win = attn_mask.shape[0]
            attn = attn.view(-1, num_win, attn.shape[-2], attn.shape[-1]) + attn_mask.unsqueeze(0)
            attn = attn.view(-1, attn.shape[-2], attn.shape[-1])
        out = self.proj(attn.softmax(-1) @ v).view(-1, self.window_size, self.window_size, C)
        out = window_reverse(out, self.window_size, H, W)
        return torch.roll(out, shifts=(self.shift_size, self.shift_size), dims=(1, 2))


def example():
    return SwinBlock(), (torch.randn(2, 4, 4, 4),)
