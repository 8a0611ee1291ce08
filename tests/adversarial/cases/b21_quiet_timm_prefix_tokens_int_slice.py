"""A vision transformer's head drops the prefix tokens by a Python int attribute (the class token plus registers),
and `global_pool` is a config string."""
import torch
from torch import nn


class PoolHead(nn.Module):
    def __init__(self, dim=8, reg_tokens=1, no_embed_class=False, num_classes=3, global_pool="avg"):
        super().__init__()
        self.num_prefix_tokens = 1 + reg_tokens if not no_embed_class else reg_tokens
        self.global_pool = global_pool
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, num_classes)

    def forward_head(self, x, pre_logits: bool = False):
        if self.global_pool == "avg":
            x = x[:, self.num_prefix_tokens:].mean(dim=1)
        elif self.global_pool:
            x = x[:, 0]
        x = self.norm(x)
        return x if pre_logits else self.fc(x)

    def forward(self, x):
        return self.forward_head(x)


def example():
    return PoolHead(), (torch.randn(2, 6, 8),)
