"""`torch.jit.is_scripting()` branches in a backbone: gradient checkpointing only when not scripting, a
scripting-only path that converts to a list, and `@torch.jit.ignore` helpers; under dynamo
`is_scripting()` is False, so the list path is never traced."""
from typing import List

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

from b11_quiet_timm_layers import DropPath


def checkpoint_seq(functions, x):
    for fn in functions:
        x = checkpoint(fn, x, use_reentrant=False)
    return x


class Block(nn.Module):
    def __init__(self, dim, drop_path=0.0):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)
        self.drop_path = DropPath(drop_path)

    def forward(self, x):
        return x + self.drop_path(self.fc(self.norm(x)))


class Backbone(nn.Module):
    def __init__(self, dim=8, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim, 0.1) for _ in range(depth)])
        self.grad_checkpointing = True
        self.head = nn.Linear(dim, 2)

    @torch.jit.ignore
    def set_grad_checkpointing(self, enable: bool = True):
        self.grad_checkpointing = enable

    @torch.jit.ignore
    def no_weight_decay(self):
        return {"pos_embed", "cls_token"}

    def _pool_scripted(self, x) -> List[float]:
        return x.mean(1).flatten().tolist()

    def forward_features(self, x):
        if self.grad_checkpointing and not torch.jit.is_scripting():
            return checkpoint_seq(self.blocks, x)
        return self.blocks(x)

    def forward(self, x):
        x = self.forward_features(x)
        if torch.jit.is_scripting():
            print("scripted pooled", self._pool_scripted(x))
        return self.head(x.mean(1))


def example():
    return Backbone(), (torch.randn(2, 5, 8),)
