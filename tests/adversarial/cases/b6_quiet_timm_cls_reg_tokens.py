"""Vision-transformer prefix tokens: class and register tokens expanded to the batch and concatenated only
when present (None tests), position embedding added before or after the concat by a `no_embed_class` flag,
and `num_prefix_tokens` arithmetic on Python ints to drop them in the head."""
import torch
from torch import nn


class VisionTransformer(nn.Module):
    def __init__(self, dim=4, num_patches=4, class_token=True, reg_tokens=2, no_embed_class=True):
        super().__init__()
        self.num_prefix_tokens = (1 if class_token else 0) + reg_tokens
        self.no_embed_class = no_embed_class
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim)) if class_token else None
        self.reg_token = nn.Parameter(torch.zeros(1, reg_tokens, dim)) if reg_tokens else None
        embed_len = num_patches if no_embed_class else num_patches + self.num_prefix_tokens
        self.pos_embed = nn.Parameter(torch.randn(1, embed_len, dim) * 0.02)
        self.global_pool = "avg"

    def _pos_embed(self, x):
        to_cat = []
        if self.cls_token is not None:
            to_cat.append(self.cls_token.expand(x.shape[0], -1, -1))
        if self.reg_token is not None:
            to_cat.append(self.reg_token.expand(x.shape[0], -1, -1))
        if self.no_embed_class:
            x = x + self.pos_embed
            if to_cat:
                x = torch.cat(to_cat + [x], dim=1)
        else:
            if to_cat:
                x = torch.cat(to_cat + [x], dim=1)
            x = x + self.pos_embed
        return x

    def forward_head(self, x):
        if self.global_pool == "avg":
            return x[:, self.num_prefix_tokens:].mean(dim=1)
        return x[:, 0] if self.global_pool else x

    def forward(self, patches):
        return self.forward_head(self._pos_embed(patches))


def example():
    return VisionTransformer(), (torch.randn(2, 4, 4),)
