"""A vision transformer in the style of an image-model zoo: `_assert` on the input size, jit-scripting guards
around checkpointing, drop path with a float probability, layer scale, a position embedding resampled for the
input's grid with a `new_size` list and prefix tokens, and a head with `pre_logits`."""
import collections.abc
from itertools import repeat
from typing import List, Optional

import torch
from torch import nn
from torch.nn import functional as F
from torch.utils.checkpoint import checkpoint

_assert = torch._assert


def to_2tuple(x):
    if isinstance(x, collections.abc.Iterable) and not isinstance(x, str):
        return tuple(x)
    return tuple(repeat(x, 2))


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
    def __init__(self, dim, init_values=1e-5, inplace=False):
        super().__init__()
        self.inplace = inplace
        self.gamma = nn.Parameter(init_values * torch.ones(dim))

    def forward(self, x):
        return x.mul_(self.gamma) if self.inplace else x * self.gamma


def resample_abs_pos_embed(posemb, new_size: List[int], old_size: Optional[List[int]] = None,
                           num_prefix_tokens: int = 1, interpolation: str = 'bicubic', antialias: bool = True):
    num_pos_tokens = posemb.shape[1]
    num_new_tokens = new_size[0] * new_size[1] + num_prefix_tokens
    if num_new_tokens == num_pos_tokens and new_size[0] == new_size[1]:
        return posemb
    if old_size is None:
        hw = int((num_pos_tokens - num_prefix_tokens) ** 0.5)
        old_size = hw, hw
    if num_prefix_tokens:
        posemb_prefix, posemb = posemb[:, :num_prefix_tokens], posemb[:, num_prefix_tokens:]
    else:
        posemb_prefix, posemb = None, posemb
    embed_dim = posemb.shape[-1]
    posemb = posemb.reshape(1, old_size[0], old_size[1], -1).permute(0, 3, 1, 2)
    posemb = F.interpolate(posemb, size=new_size, mode=interpolation, antialias=antialias)
    posemb = posemb.permute(0, 2, 3, 1).reshape(1, -1, embed_dim)
    if posemb_prefix is not None:
        posemb = torch.cat([posemb_prefix, posemb], dim=1)
    return posemb


class PatchEmbed(nn.Module):
    def __init__(self, img_size=8, patch_size=2, embed_dim=8, strict_img_size=True, output_fmt='NLC'):
        super().__init__()
        self.img_size = to_2tuple(img_size)
        self.patch_size = to_2tuple(patch_size)
        self.grid_size = tuple(s // p for s, p in zip(self.img_size, self.patch_size))
        self.strict_img_size = strict_img_size
        self.flatten = output_fmt == 'NLC'
        self.proj = nn.Conv2d(3, embed_dim, patch_size, patch_size)

    def forward(self, x):
        B, C, H, W = x.shape
        if self.img_size is not None and self.strict_img_size:
            _assert(H == self.img_size[0], f"Input height ({H}) doesn't match model ({self.img_size[0]}).")
            _assert(W == self.img_size[1], f"Input width ({W}) doesn't match model ({self.img_size[1]}).")
        x = self.proj(x)
        if self.flatten:
            x = x.flatten(2).transpose(1, 2)
        return x


class Block(nn.Module):
    def __init__(self, dim, drop_path=0.):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Linear(dim, dim)
        self.ls = LayerScale(dim)
        self.drop_path = DropPath(drop_path) if drop_path > 0. else nn.Identity()

    def forward(self, x):
        return x + self.drop_path(self.ls(self.mlp(self.norm(x))))


class VisionTransformer(nn.Module):
    def __init__(self, dynamic_img_size=True, global_pool='token', class_token=True, no_embed_class=False):
        super().__init__()
        self.patch_embed = PatchEmbed(strict_img_size=not dynamic_img_size)
        self.num_prefix_tokens = 1 if class_token else 0
        self.no_embed_class = no_embed_class
        self.dynamic_img_size = dynamic_img_size
        self.global_pool = global_pool
        self.cls_token = nn.Parameter(torch.zeros(1, 1, 8)) if class_token else None
        self.pos_embed = nn.Parameter(torch.randn(1, 16 + self.num_prefix_tokens, 8) * .02)
        self.blocks = nn.Sequential(*[Block(8, drop_path=0.1 * i) for i in range(2)])
        self.grad_checkpointing = False
        self.head = nn.Linear(8, 3)

    def _pos_embed(self, x):
        if self.dynamic_img_size:
            B, H, W, C = x.shape
            prev_grid_size = self.patch_embed.grid_size
            pos_embed = resample_abs_pos_embed(self.pos_embed, new_size=(H, W), old_size=prev_grid_size,
                                               num_prefix_tokens=0 if self.no_embed_class else self.num_prefix_tokens)
            x = x.view(B, -1, C)
        else:
            pos_embed = self.pos_embed
        if self.cls_token is not None:
            x = torch.cat([self.cls_token.expand(x.shape[0], -1, -1), x], dim=1)
        return x + pos_embed

    def forward_features(self, x):
        x = self.patch_embed(x)
        B, L, C = x.shape
        side = int(L ** 0.5)
        x = self._pos_embed(x.view(B, side, side, C))
        if self.grad_checkpointing and not torch.jit.is_scripting():
            x = checkpoint(self.blocks, x, use_reentrant=False)
        else:
            x = self.blocks(x)
        return x

    def forward_head(self, x, pre_logits: bool = False):
        if self.global_pool:
            x = x[:, self.num_prefix_tokens:].mean(dim=1) if self.global_pool == 'avg' else x[:, 0]
        return x if pre_logits else self.head(x)

    def forward(self, x):
        x = self.forward_features(x)
        x = self.forward_head(x)
        return x


def example():
    return VisionTransformer().train(), (torch.randn(2, 3, 12, 12),)
