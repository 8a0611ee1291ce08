"""A module's forward whose own body passes a parameter as sizes (`H, W = hw_shape; x.view(B, H, W, C)`) receives a
tuple of ints, even where every caller hands it on from an input of its own forward, only assumed a tensor
(mmpretrain's `ShiftWindowMSA.forward(query, hw_shape)` under `SwinBlock.forward(x, hw_shape)`, there through the
closure of the nested `_inner_forward` it checkpoints): `min(H, W) == window_size`, `H != H_pad or W != W_pad`, the
assert's f-string message and `x.view(B, H * W, C)` are Python there. The top forward takes the sizes from a patch
embedding it was handed (a registry's). Nothing here breaks under dynamo."""
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.checkpoint import checkpoint

from compilelint import Example


class ShiftWindowAttention(nn.Module):
    def __init__(self, window_size):
        super().__init__()
        self.window_size = window_size
        self.proj = nn.Linear(8, 8)

    def forward(self, query, hw_shape):
        B, L, C = query.shape
        H, W = hw_shape
        assert L == H * W, f"The query length {L} doesn't match the input shape ({H}, {W})."
        query = query.view(B, H, W, C)
        shift = 1
        if min(H, W) == self.window_size:
            shift = 0
        elif min(H, W) < self.window_size:
            raise ValueError("feature map smaller than the window")
        pad_r = (self.window_size - W % self.window_size) % self.window_size
        pad_b = (self.window_size - H % self.window_size) % self.window_size
        query = F.pad(query, (0, 0, 0, pad_r, 0, pad_b))
        H_pad, W_pad = query.shape[1], query.shape[2]
        query = torch.roll(query, shifts=(-shift, -shift), dims=(1, 2))
        x = self.proj(query)
        if H != H_pad or W != W_pad:
            x = x[:, :H, :W, :].contiguous()
        return x.view(B, H * W, C)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = ShiftWindowAttention(4)
        self.norm = nn.LayerNorm(8)

    def forward(self, x, hw_shape):
        def _inner_forward(x):  # the sizes reach the attention through a closure
            return x + self.attn(self.norm(x), hw_shape)

        if x.requires_grad:
            return checkpoint(_inner_forward, x, use_reentrant=False)
        return _inner_forward(x)


class Stage(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(), Block()])

    def forward(self, x, in_shape):
        for block in self.blocks:
            x = block(x, in_shape)
        return x, in_shape


class PatchEmbed(nn.Module):
    def forward(self, x):
        return x.flatten(2).transpose(1, 2), (x.shape[2], x.shape[3])


class Backbone(nn.Module):
    def __init__(self, patch_embed):
        super().__init__()
        self.patch_embed = patch_embed  # built by a registry elsewhere: what it returns is unknown here
        self.stage = Stage()

    def forward(self, x):
        x, hw_shape = self.patch_embed(x)
        x, hw_shape = self.stage(x, hw_shape)
        return x.transpose(1, 2).reshape(x.shape[0], -1, *hw_shape)


def example():
    return Example(Backbone(PatchEmbed()), (torch.randn(2, 8, 6, 6),))
