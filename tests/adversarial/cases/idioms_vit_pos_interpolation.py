"""ViT's interpolate_pos_encoding and embedding scales: `math.sqrt` of sizes and ints, f-strings of
shapes in `_assert` messages; nothing reads tensor data."""
import math

import torch
import torch.nn.functional as F
from torch import nn


class PatchEmbed(nn.Module):
    def __init__(self, img_size=8, patch=4, dim=6):
        super().__init__()
        self.img_size = (img_size, img_size)
        self.patch = patch
        self.proj = nn.Conv2d(3, dim, patch, patch)
        self.pos_embed = nn.Parameter(torch.randn(1, (img_size // patch) ** 2 + 1, dim))
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.embed_scale = math.sqrt(dim)

    def interpolate_pos_encoding(self, x, w, h):
        npatch = x.shape[1] - 1
        n = self.pos_embed.shape[1] - 1
        if npatch == n and w == h:
            return self.pos_embed
        class_pos, patch_pos = self.pos_embed[:, :1], self.pos_embed[:, 1:]
        w0, h0 = w // self.patch, h // self.patch
        side = int(math.sqrt(n))
        patch_pos = patch_pos.reshape(1, side, side, -1).permute(0, 3, 1, 2)
        patch_pos = F.interpolate(patch_pos, size=(w0, h0), mode="bicubic", align_corners=False)
        return torch.cat((class_pos, patch_pos.permute(0, 2, 3, 1).flatten(1, 2)), dim=1)

    def forward(self, x):
        B, C, H, W = x.shape
        torch._assert(C == 3, f"Input channels ({C}) doesn't match model (3); shape {x.shape}.")
        tokens = self.proj(x).flatten(2).transpose(1, 2) * self.embed_scale
        tokens = torch.cat((self.cls_token.expand(B, -1, -1), tokens), dim=1)
        return tokens + self.interpolate_pos_encoding(tokens, W, H) / math.sqrt(tokens.size(-1))


def example():
    return PatchEmbed(), (torch.randn(2, 3, 12, 12),)
